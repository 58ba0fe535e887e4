import DeleteOutline from '@mui/icons-material/DeleteOutline'
import Chip from '@mui/material/Chip'
import IconButton from '@mui/material/IconButton'
import Stack from '@mui/material/Stack'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import { CANNOT_RUN_BADGE, CANNOT_RUN_EXPLANATION, type FlowTemplate } from '@weft/core'
import { memo } from 'react'
import HoverCard from '../flows/HoverCard'
import NodeIcons from '../flows/NodeIcons'
import StretchedLink from '../flows/StretchedLink'
import { TEMPLATE_TYPE_LABELS, templatePath } from './templateFilter'
import type { TemplateItem } from './useTemplates'

interface TemplateCardProps {
  item: TemplateItem
  /** Given for the workspace's own templates: a delete button on the card. */
  onDelete?: ((template: FlowTemplate) => void) | undefined
}

/** A template: what it is for and what it uses; opens its read-only canvas (a tool template, the tools screen). */
function TemplateCard({ item: { template, nodeTypes }, onDelete }: TemplateCardProps) {
  const isAgentflow = template.type === 'AgentflowV2' || template.type === 'Agentflow'
  return (
    <HoverCard>
      <Stack direction="row" spacing={1} alignItems="center" useFlexGap flexWrap="wrap">
        <Chip
          label={TEMPLATE_TYPE_LABELS[template.type]}
          size="small"
          color={isAgentflow ? 'primary' : 'secondary'}
          variant="outlined"
        />
        {template.badge && <Chip label={template.badge} size="small" color="warning" sx={{ fontWeight: 600 }} />}
        {/* Above the card's stretched link, so the pointer reaches the tooltip. */}
        {template.cannotRun && (
          <Tooltip title={CANNOT_RUN_EXPLANATION}>
            <Chip
              label={CANNOT_RUN_BADGE}
              size="small"
              color="warning"
              variant="outlined"
              sx={{ position: 'relative', zIndex: 1 }}
            />
          </Tooltip>
        )}
        {onDelete && (
          <Tooltip title="Delete template">
            <IconButton
              size="small"
              aria-label={`Delete template ${template.templateName}`}
              onClick={() => onDelete(template)}
              sx={{ ml: 'auto', position: 'relative', zIndex: 1 }}
            >
              <DeleteOutline fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
      <Stack spacing={0.5} sx={{ flexGrow: 1 }}>
        <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          <StretchedLink to={templatePath(template)}>{template.templateName}</StretchedLink>
        </Typography>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
        >
          {template.description}
        </Typography>
      </Stack>
      <NodeIcons nodes={nodeTypes} />
      {template.usecases.length > 0 && (
        <Stack direction="row" spacing={0.75} useFlexGap flexWrap="wrap">
          {template.usecases.map((usecase) => (
            <Chip key={usecase} label={usecase} size="small" />
          ))}
        </Stack>
      )}
    </HoverCard>
  )
}

export default memo(TemplateCard)
