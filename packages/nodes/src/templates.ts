import { readdir, readFile } from 'node:fs/promises'
import type { FlowTemplate } from '@weft/core'

const TEMPLATES_DIR = new URL('../templates/', import.meta.url)

/** The built-in marketplace templates: one JSON file each in packages/nodes/templates, sorted by name. */
export async function listTemplates(): Promise<FlowTemplate[]> {
  const files = (await readdir(TEMPLATES_DIR)).filter((file) => file.endsWith('.json')).sort()
  const templates = await Promise.all(
    files.map(async (file) => JSON.parse(await readFile(new URL(file, TEMPLATES_DIR), 'utf8')) as FlowTemplate),
  )
  return templates.sort((a, b) => a.templateName.localeCompare(b.templateName))
}
