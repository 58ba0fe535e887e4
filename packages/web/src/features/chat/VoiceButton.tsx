import MicNone from '@mui/icons-material/MicNone'
import StopRounded from '@mui/icons-material/StopRounded'
import IconButton from '@mui/material/IconButton'
import Tooltip from '@mui/material/Tooltip'
import { uploadProblem, type Upload, type UploadsConfig } from '@weft/core'
import { readUpload } from './readUpload'
import { useVoiceRecorder } from './useVoiceRecorder'

interface VoiceButtonProps {
  uploads: UploadsConfig
  disabled?: boolean
  /** The recording, ready to send as the question. */
  onRecorded: (voice: Upload) => void
  onProblem: (message: string) => void
}

const NAME = 'audio.webm'

/** Records a voice message; pressed again, it stops and sends it. */
export default function VoiceButton({ uploads, disabled, onRecorded, onProblem }: VoiceButtonProps) {
  const recorder = useVoiceRecorder((audio) => {
    const problem = uploadProblem({ type: 'audio', name: NAME, mime: audio.type, bytes: audio.size }, uploads)
    if (problem) return onProblem(problem)
    readUpload(audio, NAME, 'audio').then(onRecorded, (error: Error) => onProblem(error.message))
  }, onProblem)

  const label = recorder.recording ? 'Stop recording and send' : 'Record a voice message'
  return (
    <Tooltip title={label}>
      <span>
        <IconButton
          aria-label={label}
          color={recorder.recording ? 'error' : 'default'}
          disabled={disabled && !recorder.recording}
          onClick={() => (recorder.recording ? recorder.stop() : void recorder.start())}
        >
          {recorder.recording ? <StopRounded /> : <MicNone />}
        </IconButton>
      </span>
    </Tooltip>
  )
}
