/**
 * The server test kit: the app on the worker's database, factories for rows,
 * one API client, one multipart builder, real images, and an SMTP catcher.
 */
export * from './api';
export * from './app';
export * from './factories';
export * from './images';
export * from './multipart';
export * from './outbox';
export * from './smtp';
export * from './jobs';
export * from './sql';
