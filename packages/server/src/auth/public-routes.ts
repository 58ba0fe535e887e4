/**
 * The API routes anyone may call without a session. Every other /api/v1 route needs one:
 * a route added later is protected unless it is named here. Matching is on the route's
 * registered method and path, exactly and case-sensitively.
 */
export const PUBLIC_ROUTES: ReadonlySet<string> = new Set([
  'GET /api/v1/ping',
  'GET /api/v1/openapi.json',
  'GET /api/v1/settings',
  'GET /api/v1/version',
  'GET /api/v1/github-stars',
  'GET /api/v1/github-release',
  'GET /api/v1/organization-setup',
  'POST /api/v1/organization-setup',
  'POST /api/v1/auth/login',
  'POST /api/v1/auth/refreshToken',
  'POST /api/v1/account/register',
  'POST /api/v1/account/verify',
  'POST /api/v1/account/resend-verification',
  'POST /api/v1/account/forgot-password',
  'POST /api/v1/account/reset-password',
  // The invitation a link carries, shown by the registration page before the invited person registers.
  'GET /api/v1/account/invite',
  // Flow callers outside the app: each route checks the flow's API key, public flag or the session itself.
  'POST /api/v1/prediction/:id',
  'OPTIONS /api/v1/prediction/:id',
  'POST /api/v1/vector/upsert/:id',
  'OPTIONS /api/v1/vector/upsert/:id',
  'GET /api/v1/public-chatbotConfig/:id',
  'OPTIONS /api/v1/public-chatbotConfig/:id',
  'GET /api/v1/chatflows-streaming/:id',
  'OPTIONS /api/v1/chatflows-streaming/:id',
  'GET /api/v1/public-chatflows/:id',
  'OPTIONS /api/v1/public-chatflows/:id',
  'POST /api/v1/attachments/:flowId/:chatId',
  'OPTIONS /api/v1/attachments/:flowId/:chatId',
  'GET /api/v1/chatflows-uploads/:id',
  'OPTIONS /api/v1/chatflows-uploads/:id',
  'GET /api/v1/get-upload-file',
  'OPTIONS /api/v1/get-upload-file',
  'PUT /api/v1/chatmessage/abort/:flowId/:chatId',
  'POST /api/v1/chatmessage/abort/:flowId/:chatId',
  'OPTIONS /api/v1/chatmessage/abort/:flowId/:chatId',
  'POST /api/v1/feedback',
  'OPTIONS /api/v1/feedback',
  'PUT /api/v1/feedback/:id',
  'OPTIONS /api/v1/feedback/:id',
  'POST /api/v1/leads',
  'OPTIONS /api/v1/leads',
  // Flowise's checks of an API key named in the path: the key itself is the credential.
  'GET /api/v1/verify/apikey/:key',
  'GET /api/v1/chatflows/apikey/:key',
  // A shared agentflow execution; the route answers only executions marked public.
  'GET /api/v1/public-executions/:id',
  // Single sign-on: the login page's provider buttons, and the sign-in's start and the provider's way back.
  'GET /api/v1/sso/providers',
  'GET /api/v1/sso/:provider/login',
  'GET /api/v1/sso/:provider/callback',
  // Probes and scrapers have no session; /metrics checks WEFT_METRICS_TOKEN itself when it is set.
  'GET /api/v1/health',
  'GET /api/v1/ready',
  'GET /api/v1/metrics',
])

export const routeKey = (method: string, url: string): string => `${method} ${url}`
