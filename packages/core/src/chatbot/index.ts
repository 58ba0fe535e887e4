/** What a chatbot shows, from its stored config, for the chatbot page, the preview and the widget. */
export * from './chatbot-view.js'
export * from './starter-prompts.js'
export * from './follow-up-prompts.js'
