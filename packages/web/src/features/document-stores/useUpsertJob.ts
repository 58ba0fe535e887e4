import type { DocumentStoreJob } from '@weft/core'
import { useState } from 'react'
import { isJobActive, useStoreJobs } from './useStoreJobs'

/** The newest upsert of the store that is queued or running. */
export const runningUpsert = (jobs: readonly DocumentStoreJob[]): DocumentStoreJob | undefined =>
  jobs
    .filter((job) => job.kind === 'upsert' && isJobActive(job))
    .reduce<DocumentStoreJob | undefined>(
      (newest, job) => (!newest || job.createdDate > newest.createdDate ? job : newest),
      undefined,
    )

/**
 * The upsert the progress dialog follows. A running upsert opens it by itself (after a reload too,
 * since jobs live on the server) until the user closes it; the dialog then stays on that job as it
 * ends, to show its counts.
 */
export function useUpsertJob(storeId: string) {
  const { jobs } = useStoreJobs(storeId)
  const running = runningUpsert(jobs)
  // The job as insert answered it, until the job list has it.
  const [shown, setShown] = useState<DocumentStoreJob>()
  const [dismissed, setDismissed] = useState(false)
  if (!shown && !dismissed && running) setShown(running)

  const job = shown ? (jobs.find((item) => item.id === shown.id) ?? shown) : undefined
  return {
    job,
    running,
    show: (started: DocumentStoreJob) => {
      setShown(started)
      setDismissed(false)
    },
    close: () => {
      setShown(undefined)
      setDismissed(true)
    },
  }
}
