/** What other features may use of uploads (decision 055): storing a checked image, and reading one from a form. */
export { readImageField } from './multipart.ts';
export type { UploadsService } from './uploads.service.ts';
