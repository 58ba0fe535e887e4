import HelpOutline from '@mui/icons-material/HelpOutline'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Collapse from '@mui/material/Collapse'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useState } from 'react'
import LazyCodeEditor from '../../components/code-editor/LazyCodeEditor'

interface FunctionEditorProps {
  value: string
  onChange: (func: string) => void
  disabled: boolean
}

const EXAMPLE = `// The Input Schema's "city" property is the variable $city.
const url = \`https://geocoding-api.open-meteo.com/v1/search?count=1&name=\${encodeURIComponent($city)}\`
const response = await fetch(url)
const place = (await response.json()).results?.[0]
if (!place) return \`No place called \${$city}\`
return \`\${place.name} lies at \${place.latitude}, \${place.longitude}\``

/** The tool's JavaScript in the code editor, with how it reads its arguments and what it returns. */
export default function FunctionEditor({ value, onChange, disabled }: FunctionEditorProps) {
  const [help, setHelp] = useState(value.trim() === '')
  return (
    <Box>
      <Stack direction="row" alignItems="center" justifyContent="space-between" spacing={2} sx={{ mb: 0.75 }}>
        <Typography variant="subtitle2">JavaScript Function</Typography>
        <Stack direction="row" spacing={1}>
          {!disabled && value.trim() === '' && (
            <Button size="small" onClick={() => onChange(EXAMPLE)}>
              Insert example
            </Button>
          )}
          <Button
            size="small"
            startIcon={<HelpOutline />}
            aria-expanded={help}
            onClick={() => setHelp((shown) => !shown)}
          >
            How to use
          </Button>
        </Stack>
      </Stack>
      <Collapse in={help}>
        <Alert severity="info" variant="outlined" icon={false} sx={{ mb: 1.5, '& ul': { m: 0, pl: 2.5 } }}>
          <ul>
            <li>
              Each property of the Input Schema is a variable: <code>city</code> is <code>$city</code>.{' '}
              <code>$input</code> holds them all as one object.
            </li>
            <li>
              <code>$vars.&lt;name&gt;</code> reads a variable; <code>$flow</code> holds the <code>sessionId</code>,{' '}
              <code>chatId</code>, <code>chatflowId</code>, <code>input</code> and <code>state</code> of the run.
            </li>
            <li>
              <code>await fetch(url, options)</code> calls a web address; addresses on the server’s private network are
              refused.
            </li>
            <li>
              Return a string: it is what the model reads. The code runs in a sandbox with time and memory limits.
            </li>
          </ul>
        </Alert>
      </Collapse>
      <LazyCodeEditor
        language="javascript"
        label="JavaScript Function"
        value={value}
        onChange={onChange}
        readOnly={disabled}
        placeholder="return `Order ${$orderId} ships tomorrow`"
        height="220px"
      />
    </Box>
  )
}
