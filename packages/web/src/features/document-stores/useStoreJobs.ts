import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { DocumentStoreJob } from '@weft/core'
import { useEffect, useMemo, useRef } from 'react'
import { listJobs } from '../../api/documentStores'
import { jobsKey, STORES_KEY } from './storeKeys'

// A job writes its progress as it goes: while one runs the page looks again this often.
const POLL_MS = 1500

export const isJobActive = (job: DocumentStoreJob): boolean => job.status === 'queued' || job.status === 'running'

/** The newest processing job of each loader, by loader id (an upsert of one loader is not its processing). */
function latestByLoader(jobs: readonly DocumentStoreJob[]): Map<string, DocumentStoreJob> {
  const latest = new Map<string, DocumentStoreJob>()
  for (const job of jobs) {
    if (!job.loaderId || job.kind === 'upsert') continue
    const seen = latest.get(job.loaderId)
    if (!seen || job.createdDate > seen.createdDate) latest.set(job.loaderId, job)
  }
  return latest
}

/**
 * A store's jobs, polled while one is queued or running; the jobs live on the server, so a reload
 * shows a running job's progress again. When a job ends, the store (its loaders' counts and
 * status) is read again.
 */
export function useStoreJobs(storeId: string) {
  const queryClient = useQueryClient()
  const query = useQuery({
    queryKey: jobsKey(storeId),
    queryFn: () => listJobs(storeId),
    refetchInterval: (current) => (current.state.data?.some(isJobActive) ? POLL_MS : false),
  })
  const jobs = query.data
  const byLoader = useMemo(() => latestByLoader(Array.isArray(jobs) ? jobs : []), [jobs])
  const list = useMemo(() => (Array.isArray(jobs) ? jobs : []), [jobs])

  const activeIds = useMemo(() => new Set((Array.isArray(jobs) ? jobs : []).filter(isJobActive).map((job) => job.id)), [jobs])
  const wasActive = useRef<ReadonlySet<string>>(new Set())
  useEffect(() => {
    const ended = [...wasActive.current].some((id) => !activeIds.has(id))
    wasActive.current = activeIds
    if (ended) void queryClient.invalidateQueries({ queryKey: [STORES_KEY], refetchType: 'active' })
  }, [activeIds, queryClient])

  return { byLoader, jobs: list, refetch: query.refetch }
}
