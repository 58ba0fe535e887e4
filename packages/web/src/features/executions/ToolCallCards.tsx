import Build from '@mui/icons-material/BuildOutlined'
import ExpandMore from '@mui/icons-material/ExpandMore'
import Accordion from '@mui/material/Accordion'
import AccordionDetails from '@mui/material/AccordionDetails'
import AccordionSummary from '@mui/material/AccordionSummary'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import type { UsedTool } from '@weft/core'
import ValueView from './ValueView'

/** The tools a step called, one card each: what went in and what came back. */
export default function ToolCallCards({ tools }: { tools: UsedTool[] }) {
  return (
    <Stack spacing={1}>
      {tools.map((tool, index) => (
        <Accordion
          key={index}
          variant="outlined"
          disableGutters
          sx={{ '&::before': { display: 'none' }, borderRadius: 1 }}
        >
          <AccordionSummary expandIcon={<ExpandMore />} aria-label={`Tool call: ${tool.tool}`}>
            <Stack direction="row" spacing={1} alignItems="center" sx={{ minWidth: 0 }}>
              <Build fontSize="small" color="secondary" aria-hidden />
              <Typography variant="body2" fontWeight={600} noWrap>
                {tool.tool}
              </Typography>
            </Stack>
          </AccordionSummary>
          <AccordionDetails sx={{ pt: 0 }}>
            <Stack spacing={1.5}>
              <section>
                <Typography variant="overline" component="h4" color="text.secondary">
                  Tool input
                </Typography>
                <ValueView value={tool.toolInput ?? {}} label={`${tool.tool} input`} />
              </section>
              <section>
                <Typography variant="overline" component="h4" color="text.secondary">
                  Tool output
                </Typography>
                <ValueView value={tool.toolOutput} label={`${tool.tool} output`} />
              </section>
            </Stack>
          </AccordionDetails>
        </Accordion>
      ))}
    </Stack>
  )
}
