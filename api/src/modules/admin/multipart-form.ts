// The form reader is the platform's (complaints read photos with it too).
export * from '../../platform/files/multipart-form.js';
