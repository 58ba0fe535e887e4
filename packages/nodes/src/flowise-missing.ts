// The nodes of Flowise 3.1.4 that Weft's catalogue does not offer, each with why. A test keeps this
// list and the catalogue together against FLOWISE_3_1_4_NODE_NAMES: every Flowise node is in one of
// them, never both. "Not built yet" marks what a node could do (over HTTP through the outbound
// guard, or in-process) and simply has not been written.

const deprecated = (instead: string) => `Deprecated in Flowise 3.1.4 (marked DEPRECATING); use ${instead} instead`
const overHttp = (service: string, note?: string) =>
  `Not built yet: it would call ${service} over HTTP through the outbound guard${note ? ` (${note})` : ''}`
const inProcess = (what: string) => `Not built yet (it would run in-process): ${what}`
const openAICompatible = (service: string) =>
  `Not built yet as its own node: ${service} speaks the OpenAI chat completions API, so ChatOpenAI Compatible with its base URL reaches it`
const remoteMcp = (service: string) =>
  `Not built yet as its own node: ${service} is an MCP server over HTTP, which Custom MCP reaches with its URL and token`
const startsProgram = (program: string) =>
  `Starts a local program (${program}) as its MCP server, and Weft never starts programs`
const oauth = (service: string, provider: string) =>
  `Not built yet: it calls ${service} with an OAuth2 credential (sign in with ${provider}), a kind of credential Weft does not have yet`
const driver = (what: string) => `Needs ${what}, which Weft does not ship (the protocol is not HTTP)`
const tracing = (service: string) =>
  `A tracing destination Weft does not send to yet (${service}); Weft traces runs to LangSmith, Langfuse, Arize Phoenix and any OpenTelemetry collector`
const tracedBySettings = (key: string) =>
  `Not a node Weft needs: Flowise reads it for a flow's Analyse Chatflow settings, and Weft traces from the same settings (analytic.${key})`
const NO_CACHE_INPUT = "Not built yet: Weft's chat model and embedding nodes take no Cache input"

export const FLOWISE_NODES_WEFT_LACKS: Readonly<Record<string, string>> = {
  // Agents
  conversationalRetrievalToolAgent: inProcess(
    'an agent with a retriever tool and memory (Tool Agent with a Retriever Tool does the job)',
  ),
  anthropicAgentLlamaIndex: deprecated('Tool Agent with ChatAnthropic'),
  openAIToolAgentLlamaIndex: deprecated('Tool Agent with ChatOpenAI'),
  reactAgentLLM: deprecated('ReAct Agent for Chat Models or Tool Agent'),
  xmlAgent: inProcess('an agent prompting its tools as XML'),
  // Analytic
  arize: tracing('Arize AX; Arize Phoenix is supported'),
  langFuse: tracedBySettings('langFuse'),
  langSmith: tracedBySettings('langSmith'),
  LangWatch: tracing('LangWatch'),
  lunary: tracing('Lunary'),
  opik: tracing('Opik'),
  phoenix: tracedBySettings('arizePhoenix'),
  // Cache
  inMemoryCache: NO_CACHE_INPUT,
  inMemoryEmbeddingCache: NO_CACHE_INPUT,
  momentoCache: NO_CACHE_INPUT,
  redisCache: NO_CACHE_INPUT,
  redisEmbeddingsCache: NO_CACHE_INPUT,
  upstashRedisCache: NO_CACHE_INPUT,
  // Chains
  openApiChain: deprecated('the OpenAPI Toolkit with an agent'),
  graphCypherQAChain: 'Needs a Neo4j graph, which Weft does not offer (see Neo4j)',
  vectaraQAChain: overHttp("Vectara's query API"),
  vectorDBQAChain: deprecated('Retrieval QA Chain'),
  // Chat Models
  chatAlibabaTongyi: openAICompatible("Alibaba's DashScope (compatible mode)"),
  chatBaiduWenxin: overHttp("Baidu's Qianfan chat API"),
  chatCloudflareWorkersAI: openAICompatible('Cloudflare Workers AI'),
  chatCometAPI: openAICompatible('CometAPI'),
  chatGoogleVertexAI: overHttp('Google Vertex AI with a Google Cloud service account'),
  chatIBMWatsonx: overHttp("IBM watsonx.ai's chat API with an IBM Cloud API key"),
  chatMistral_LlamaIndex: deprecated('ChatMistralAI'),
  chatNemoGuardrails: overHttp('a NeMo Guardrails server'),
  chatOllama_LlamaIndex: deprecated('ChatOllama'),
  chatSambanova: openAICompatible('SambaNova Cloud'),
  chatTogetherAI_LlamaIndex: deprecated('ChatTogetherAI'),
  chatGroq_LlamaIndex: deprecated('GroqChat'),
  // Document Loaders
  airtable: overHttp("Airtable's API"),
  apifyWebsiteContentCrawler: overHttp("Apify's API"),
  braveSearchApiLoader: overHttp("Brave Search's API"),
  confluence: overHttp("Confluence's REST API"),
  customDocumentLoader: inProcess("user code returning documents, in Weft's sandbox as Custom Function runs"),
  epubFile: inProcess('reading an EPUB (a zip of HTML pages)'),
  figma: overHttp("Figma's API"),
  fileLoader: inProcess(
    'one loader for every file type; Weft has one per type (PDF, Docx, Text, CSV, JSON, JSON Lines)',
  ),
  fireCrawl: overHttp("FireCrawl's API"),
  gitbook: inProcess('crawling a GitBook site (Cheerio Web Scraper reads its pages)'),
  googleDrive: oauth('Google Drive', 'Google'),
  googleSheets: oauth('Google Sheets', 'Google'),
  jira: overHttp("Jira's REST API"),
  microsoftExcel: inProcess('reading Excel workbooks'),
  microsoftPowerpoint: inProcess('reading PowerPoint decks'),
  microsoftWord: 'Not built yet under this name: the Docx File loader reads Word documents',
  notionDB: overHttp("Notion's API"),
  notionFolder:
    'Reads a folder of a Notion export by its path on the server, and Weft reads no server folder by path (Folder with Files takes uploaded files)',
  notionPage: overHttp("Notion's API"),
  oxylabs: overHttp("Oxylabs' scraper API"),
  playwrightWebScraper:
    'Needs a headless browser binary that Playwright downloads, and Weft downloads nothing at run time; Cheerio Web Scraper reads pages without one',
  puppeteerWebScraper:
    'Needs a headless browser binary that Puppeteer downloads, and Weft downloads nothing at run time; Cheerio Web Scraper reads pages without one',
  s3Directory: overHttp('Amazon S3 (AWS-signed requests)'),
  S3: overHttp('Amazon S3 (AWS-signed requests)'),
  searchApi: overHttp("SearchApi's API"),
  serpApi: overHttp("SerpAPI's API", 'the Serp API tool already calls it'),
  spiderDocumentLoaders: overHttp("Spider's API"),
  unstructuredFileLoader: overHttp("Unstructured's partition API"),
  vectorStoreToDocument: inProcess('searching a connected vector store and giving its documents with scores'),
  // Embeddings
  azureOpenAIEmbeddingsLlamaIndex: deprecated('Azure OpenAI Embeddings'),
  baiduQianfanEmbeddings: overHttp("Baidu's Qianfan embeddings API"),
  googlevertexaiEmbeddings: overHttp('Google Vertex AI with a Google Cloud service account'),
  ibmEmbedding: overHttp("IBM watsonx.ai's embeddings API"),
  // Graph
  Neo4j: driver("Neo4j's driver (its Bolt protocol over TCP)"),
  // LLMs
  awsBedrock: deprecated('AWS ChatBedrock'),
  cohere: deprecated('ChatCohere'),
  fireworks: deprecated('ChatFireworks'),
  googlevertexai: deprecated('a chat model node'),
  ibmWatsonx: deprecated('a chat model node'),
  sambanova: deprecated('a chat model node'),
  togetherAI: deprecated('ChatTogetherAI'),
  // Memory
  mySQLAgentMemory: driver('a MySQL client'),
  postgresAgentMemory:
    'Not built yet: Weft ships the PostgreSQL client, so it could keep agent checkpoints as SQLite Agent Memory does',
  DynamoDBChatMemory: overHttp('Amazon DynamoDB (AWS-signed requests)'),
  mem0: overHttp("Mem0's API"),
  MongoDBAtlasChatMemory: driver("MongoDB's driver (its wire protocol over TCP)"),
  upstashRedisBackedChatMemory: overHttp("Upstash Redis's REST API"),
  ZepMemoryCloud: overHttp("Zep Cloud's API", 'Zep Memory - Open Source reaches an open-source Zep server'),
  // Prompts
  fewShotPromptTemplate: inProcess('a prompt built from examples'),
  promptLangFuse: overHttp("Langfuse's prompt API"),
  // Record Manager
  MySQLRecordManager: driver('a MySQL client'),
  postgresRecordManager:
    "Not built yet as a node: Weft's document store upserts keep their own record of what they wrote (Record Manager in the upsert settings), and its vector store nodes take no Record Manager input",
  SQLiteRecordManager:
    "Not built yet as a node: Weft's document store upserts keep their own record of what they wrote (Record Manager in the upsert settings), and its vector store nodes take no Record Manager input",
  // Retrievers
  awsBedrockKBRetriever: overHttp("Amazon Bedrock's Knowledge Base retrieve API (AWS-signed requests)"),
  AzureRerankRetriever: overHttp("Azure AI's rerank API"),
  cohereRerankRetriever: overHttp("Cohere's rerank API"),
  customRetriever: inProcess('a retriever giving documents in a format the user writes'),
  embeddingsFilterRetriever: inProcess("filtering a retriever's documents by embedding similarity"),
  extractMetadataRetriever: inProcess('a model extracting a metadata filter from the question'),
  HydeRetriever: inProcess('searching with a hypothetical answer a model writes first'),
  JinaRerankRetriever: overHttp("Jina AI's rerank API"),
  llmFilterRetriever: inProcess("a model keeping only a retriever's relevant documents"),
  multiQueryRetriever: inProcess('searching with several rewordings of the question'),
  RRFRetriever: inProcess('reciprocal rank fusion of several searches'),
  similarityThresholdRetriever: inProcess('keeping the documents above a similarity score'),
  voyageAIRerankRetriever: overHttp("Voyage AI's rerank API"),
  // SpeechToText
  assemblyAI: overHttp(
    "AssemblyAI's transcription API",
    "as a flow's Speech to Text provider; Weft offers OpenAI Whisper and OpenAI-compatible servers",
  ),
  // Tools
  awsDynamoDBKVStorage: overHttp('Amazon DynamoDB (AWS-signed requests)'),
  awsSNS: overHttp('Amazon SNS (AWS-signed requests)'),
  agentAsTool: 'Not built yet under this name: Chatflow Tool runs another flow of the workspace as a tool',
  arxiv: overHttp("arXiv's API"),
  codeInterpreterE2B: overHttp("E2B's hosted code sandbox"),
  composio: overHttp("Composio's API"),
  exaSearch: overHttp("Exa's search API"),
  gmail: oauth('Gmail', 'Google'),
  googleCalendarTool: oauth('Google Calendar', 'Google'),
  googleDocsTool: oauth('Google Docs', 'Google'),
  googleDriveTool: oauth('Google Drive', 'Google'),
  googleSheetsTool: oauth('Google Sheets', 'Google'),
  jsonPathExtractor: inProcess('a tool reading a value out of JSON by a path'),
  jiraTool: overHttp("Jira's REST API"),
  microsoftOutlook: oauth('Microsoft Graph (Outlook)', 'Microsoft'),
  microsoftTeams: oauth('Microsoft Graph (Teams)', 'Microsoft'),
  searchAPI: overHttp("SearchApi's API"),
  stripeAgentTool: overHttp("Stripe's API"),
  wolframAlpha: overHttp("Wolfram|Alpha's API"),
  // Tools (MCP)
  braveSearchMCP: startsProgram('the Brave Search MCP server; the BraveSearch API tool calls Brave directly'),
  browserlessMCP: remoteMcp("Browserless's MCP server"),
  customMcpServerTool:
    "Not built yet: it picks MCP servers kept in Flowise's workspace settings, which Weft does not keep; Custom MCP reaches an MCP server by its URL",
  githubMCP: remoteMcp("GitHub's MCP server"),
  pipedreamMCP: remoteMcp("Pipedream's MCP server"),
  postgreSQLMCP: startsProgram('the PostgreSQL MCP server'),
  sequentialThinkingMCP: startsProgram('the Sequential Thinking MCP server'),
  supergatewayMCP: startsProgram('Supergateway, which runs a command line it is given'),
  teradataMCP: remoteMcp("Teradata's MCP server"),
  // Vector Stores
  Astra: overHttp("DataStax Astra DB's Data API"),
  couchbase: "Needs Couchbase's SDK, a native binary, which Weft does not ship",
  elasticsearch: overHttp("Elasticsearch's REST API"),
  kendra: overHttp('Amazon Kendra (AWS-signed requests)'),
  meilisearch: overHttp("Meilisearch's API"),
  mongoDBAtlas: driver("MongoDB's driver (its wire protocol over TCP)"),
  openSearch: overHttp("OpenSearch's REST API"),
  simpleStoreLlamaIndex: deprecated('the Embedded Vector Store'),
  singlestore: driver('a MySQL client (SingleStore speaks the MySQL protocol)'),
  upstash: overHttp("Upstash Vector's REST API"),
  vectara: overHttp("Vectara's API"),
  vectaraUpload: deprecated('a document loader into a vector store node'),
  zep: overHttp("an open-source Zep server's collections API"),
  zepCloud: overHttp("Zep Cloud's collections API"),
}
