import { startS3 } from '../helpers/s3.ts';
import { storageSuite } from './storage-suite.ts';

// The S3-compatible server starts before the suite, so the app is built with its address.
storageSuite('s3', await startS3());
