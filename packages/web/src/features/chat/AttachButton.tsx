import AttachFile from '@mui/icons-material/AttachFile'
import IconButton from '@mui/material/IconButton'
import Tooltip from '@mui/material/Tooltip'
import { acceptedFileTypes, uploadProblem, type Upload, type UploadsConfig, type UploadType } from '@weft/core'
import { useRef, type ChangeEvent } from 'react'
import { readUpload } from './readUpload'

interface AttachButtonProps {
  uploads: UploadsConfig
  disabled?: boolean
  onAttach: (files: Upload[]) => void
  /** A picked file the chat does not take: the same words the server would answer. */
  onProblem: (message: string) => void
}

/** How a picked file is sent: an image as an image (for a model that sees it), anything else as a whole file. */
const uploadTypeOf = (file: File, uploads: UploadsConfig): UploadType =>
  uploads.isImageUploadAllowed && file.type.startsWith('image/') ? 'file' : 'file:full'

/** Picks images and whole files to send with the question; each is checked against the chat's rules first. */
export default function AttachButton({ uploads, disabled, onAttach, onProblem }: AttachButtonProps) {
  const input = useRef<HTMLInputElement>(null)

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const picked = [...(event.target.files ?? [])]
    event.target.value = ''
    const taken: File[] = []
    for (const file of picked) {
      const type = uploadTypeOf(file, uploads)
      const problem = uploadProblem({ type, name: file.name, mime: file.type, bytes: file.size }, uploads)
      if (problem) onProblem(problem)
      else taken.push(file)
    }
    try {
      if (taken.length > 0)
        onAttach(await Promise.all(taken.map((file) => readUpload(file, file.name, uploadTypeOf(file, uploads)))))
    } catch (error) {
      onProblem(error instanceof Error ? error.message : String(error))
    }
  }

  return (
    <>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={acceptedFileTypes(uploads)}
        aria-label="Files to attach"
        onChange={(event) => void pick(event)}
      />
      <Tooltip title="Attach files">
        <span>
          <IconButton aria-label="Attach files" disabled={disabled} onClick={() => input.current?.click()}>
            <AttachFile />
          </IconButton>
        </span>
      </Tooltip>
    </>
  )
}
