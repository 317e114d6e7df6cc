export * from './auth.js';
export * from './common.js';
export * from './datasource-types.js';
export * from './fields.js';
export * from './messages.js';
export * from './paths.js';
export * from './sites.js';
export * from './users.js';
