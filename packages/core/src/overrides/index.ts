export * from './override-locks.js'
export * from './override-setting.js'
export * from './check-overrides.js'
