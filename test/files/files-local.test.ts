import { storageSuite } from './storage-suite.ts';

storageSuite('local', null);
