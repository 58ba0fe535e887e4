import ContentCopy from '@mui/icons-material/ContentCopyOutlined'
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import Chip from '@mui/material/Chip'
import Divider from '@mui/material/Divider'
import FormControlLabel from '@mui/material/FormControlLabel'
import IconButton from '@mui/material/IconButton'
import Skeleton from '@mui/material/Skeleton'
import Stack from '@mui/material/Stack'
import Switch from '@mui/material/Switch'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import {
  errorMessage,
  REDACTED_SECRET,
  SSO_ISSUER_FIELD,
  SSO_PROVIDER_LABELS,
  type SsoConfigResponse,
  type SsoProviderConfig,
  type SsoProviderName,
  type SsoTestResult,
} from '@weft/core'
import { useState, type ChangeEvent } from 'react'
import { getSsoConfig, saveSsoProvider, testSsoProvider, type SsoProviderUpdate } from '../../api/sso'
import EmptyState from '../../components/EmptyState'
import FormField from '../../components/form/FormField'
import PageHeader from '../../components/PageHeader'
import { copyText } from '../../components/copyText'
import { notify } from '../../components/notifications/notify'

export const SSO_CONFIG_KEY = 'sso-config'

/** What each provider's issuer field means to the admin filling it in. */
const ISSUER_HELP: Record<SsoProviderName, string> = {
  azure: 'Microsoft Entra ID → App registrations → your app → Overview: Directory (tenant) ID.',
  google: '',
  auth0: 'Auth0 → Applications → your application → Settings: Domain, such as example.eu.auth0.com.',
  oidc: 'The provider’s issuer, where /.well-known/openid-configuration is found (https).',
}

const CLIENT_HELP: Record<SsoProviderName, string> = {
  azure: 'Application (client) ID, and a client secret’s Value from Certificates & secrets.',
  google: 'Google Cloud console → APIs & Services → Credentials → OAuth 2.0 Client IDs (type Web application).',
  auth0: 'Client ID and Client Secret of a Regular Web Application.',
  oidc: 'The client registered for Weft at the provider (a confidential web client).',
}

interface Draft {
  issuerValue: string
  label: string
  clientID: string
  clientSecret: string
  enabled: boolean
}

const toDraft = (p: SsoProviderConfig): Draft => {
  const field = SSO_ISSUER_FIELD[p.providerName]?.field
  return {
    issuerValue: field ? (p.config[field] ?? '') : '',
    label: p.config.label ?? '',
    clientID: p.config.clientID ?? '',
    clientSecret: p.config.clientSecret ?? '',
    enabled: p.status === 'enable',
  }
}

const toUpdate = (provider: SsoProviderName, d: Draft): SsoProviderUpdate => {
  const field = SSO_ISSUER_FIELD[provider]?.field
  return {
    providerName: provider,
    config: {
      ...(field ? { [field]: d.issuerValue } : {}),
      ...(provider === 'oidc' ? { label: d.label } : {}),
      clientID: d.clientID,
      clientSecret: d.clientSecret,
    },
    status: d.enabled ? 'enable' : 'disable',
  }
}

/** One provider's form: its fields, the redirect URI to register, Test, the Enable switch and Save. */
function ProviderForm({ provider, onSaved }: { provider: SsoProviderConfig; onSaved: () => Promise<void> }) {
  const name = provider.providerName
  const [draft, setDraft] = useState<Draft>(() => toDraft(provider))
  const [testing, setTesting] = useState(false)
  const [saving, setSaving] = useState(false)
  const [result, setResult] = useState<SsoTestResult | { ok: false; message: string } | null>(null)
  const [saveError, setSaveError] = useState<string | null>(null)
  const issuerField = SSO_ISSUER_FIELD[name]
  const set = (key: keyof Draft) => (event: ChangeEvent<HTMLInputElement>) =>
    setDraft((d) => ({ ...d, [key]: event.target.value }))

  const test = async () => {
    setTesting(true)
    setResult(null)
    try {
      const { providerName, config } = toUpdate(name, draft)
      setResult(await testSsoProvider({ providerName, config }))
    } catch (error) {
      setResult({ ok: false, message: errorMessage(error) })
    } finally {
      setTesting(false)
    }
  }

  const save = async () => {
    setSaving(true)
    setSaveError(null)
    try {
      const saved = await saveSsoProvider(toUpdate(name, draft))
      setDraft(toDraft(saved))
      notify(`${SSO_PROVIDER_LABELS[name]} sign-in saved${saved.status === 'enable' ? ' and enabled' : ''}`, 'success')
      await onSaved()
    } catch (error) {
      setSaveError(errorMessage(error))
    } finally {
      setSaving(false)
    }
  }

  return (
    <Stack spacing={3} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
        <Typography variant="h5" component="h2" sx={{ mr: 1 }}>
          {SSO_PROVIDER_LABELS[name]}
        </Typography>
        <Chip
          size="small"
          label={provider.status === 'enable' ? 'Enabled' : provider.configured ? 'Disabled' : 'Not configured'}
          color={provider.status === 'enable' ? 'success' : 'default'}
          variant={provider.status === 'enable' ? 'filled' : 'outlined'}
        />
      </Stack>

      <Box>
        <Typography variant="subtitle2" sx={{ mb: 0.75 }}>
          Redirect URI
        </Typography>
        <Stack
          direction="row"
          alignItems="center"
          spacing={1}
          sx={(theme) => ({
            border: `1px solid ${theme.palette.divider}`,
            borderRadius: 1,
            pl: 1.5,
            pr: 0.5,
            py: 0.5,
            bgcolor: 'action.hover',
          })}
        >
          <Typography
            variant="body2"
            data-testid="sso-redirect-uri"
            sx={{ fontFamily: 'monospace', flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}
          >
            {provider.callbackURL}
          </Typography>
          <Tooltip title="Copy the redirect URI">
            <IconButton
              size="small"
              aria-label="Copy the redirect URI"
              onClick={() => void copyText(provider.callbackURL, 'Redirect URI copied')}
            >
              <ContentCopy fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.75 }}>
          Register this address as a redirect (callback) URI of the client at {provider.providerLabel}.
        </Typography>
      </Box>

      <Stack spacing={2.5}>
        {issuerField && (
          <FormField
            name={issuerField.field}
            label={issuerField.label}
            value={draft.issuerValue}
            onChange={set('issuerValue')}
            helperText={ISSUER_HELP[name]}
          />
        )}
        {name === 'google' && (
          <Typography variant="body2" color="text.secondary">
            Issuer: https://accounts.google.com
          </Typography>
        )}
        {name === 'oidc' && (
          <FormField
            name="label"
            label="Button label"
            value={draft.label}
            onChange={set('label')}
            helperText="The login page shows “Sign in with <label>”; OpenID Connect when empty."
          />
        )}
        <FormField
          name="clientID"
          label="Client ID"
          value={draft.clientID}
          onChange={set('clientID')}
          helperText={CLIENT_HELP[name]}
        />
        <FormField
          name="clientSecret"
          label="Client secret"
          type="password"
          autoComplete="new-password"
          value={draft.clientSecret}
          onChange={set('clientSecret')}
          helperText={
            draft.clientSecret === REDACTED_SECRET
              ? 'A secret is stored (never shown). Leave it to keep it, or enter a new one.'
              : 'Stored encrypted and never shown again.'
          }
        />
      </Stack>

      {result && (
        <Alert
          severity={result.ok ? 'success' : 'error'}
          data-testid="sso-test-result"
          sx={{ overflowWrap: 'anywhere' }}
        >
          {result.message}
        </Alert>
      )}
      {saveError && (
        <Alert severity="error" sx={{ overflowWrap: 'anywhere' }}>
          {saveError}
        </Alert>
      )}

      <Divider />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        alignItems={{ xs: 'stretch', sm: 'center' }}
        justifyContent="space-between"
      >
        <FormControlLabel
          control={
            <Switch
              checked={draft.enabled}
              onChange={(event) => setDraft((d) => ({ ...d, enabled: event.target.checked }))}
            />
          }
          label={draft.enabled ? 'Enabled: the login page shows this provider' : 'Enable sign-in with this provider'}
        />
        <Stack direction="row" spacing={1.5} justifyContent="flex-end">
          <Button variant="outlined" onClick={() => void test()} disabled={testing || saving}>
            {testing ? 'Testing…' : 'Test'}
          </Button>
          <Button variant="contained" onClick={() => void save()} disabled={saving || testing}>
            {saving ? 'Saving…' : 'Save'}
          </Button>
        </Stack>
      </Stack>
    </Stack>
  )
}

function LoadingCard() {
  return (
    <Card aria-busy="true" aria-label="Loading the single sign-on settings">
      <Stack spacing={2.5} sx={{ p: 3 }}>
        <Skeleton variant="rounded" height={36} width="60%" />
        <Skeleton variant="rounded" height={40} />
        <Skeleton variant="rounded" height={40} />
        <Skeleton variant="rounded" height={40} />
      </Stack>
    </Card>
  )
}

/** /sso-config: single sign-on with OpenID Connect, a tab per provider (organization admins). */
export default function SsoConfigPage() {
  const queryClient = useQueryClient()
  const query = useQuery<SsoConfigResponse>({ queryKey: [SSO_CONFIG_KEY], queryFn: getSsoConfig })
  const [tab, setTab] = useState<SsoProviderName>('azure')
  const providers = query.data?.providers ?? []
  const current = providers.find((p) => p.providerName === tab)

  return (
    <Box sx={{ maxWidth: 880 }}>
      <PageHeader
        title="SSO Config"
        description="Let members sign in with their company account over OpenID Connect. Only invited or existing members get in."
      />
      {query.isPending && <LoadingCard />}
      {query.isError && (
        <Card>
          <EmptyState
            icon={ErrorOutline}
            title="Could not load the single sign-on settings"
            description={errorMessage(query.error)}
          >
            <Button variant="outlined" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </EmptyState>
        </Card>
      )}
      {query.isSuccess && (
        <Card>
          <Tabs
            value={tab}
            onChange={(_, value: SsoProviderName) => setTab(value)}
            variant="scrollable"
            scrollButtons="auto"
            allowScrollButtonsMobile
            aria-label="Single sign-on providers"
            sx={{ px: { xs: 0, sm: 1 }, borderBottom: 1, borderColor: 'divider' }}
          >
            {providers.map((p) => (
              <Tab
                key={p.providerName}
                value={p.providerName}
                label={
                  <Stack direction="row" spacing={1} alignItems="center">
                    <span>{SSO_PROVIDER_LABELS[p.providerName]}</span>
                    {p.status === 'enable' && (
                      <Box
                        component="span"
                        aria-label="enabled"
                        sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'success.main' }}
                      />
                    )}
                  </Stack>
                }
              />
            ))}
          </Tabs>
          {current && (
            <ProviderForm
              key={`${current.providerName} ${current.status} ${current.issuer}`}
              provider={current}
              onSaved={() => queryClient.invalidateQueries({ queryKey: [SSO_CONFIG_KEY] })}
            />
          )}
        </Card>
      )}
    </Box>
  )
}
