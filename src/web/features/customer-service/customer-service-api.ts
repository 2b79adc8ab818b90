import { support } from '../../../shared/i18n/support.ts';
import { addCopy } from '../../lib/i18n.ts';

// The customer-service copy loads with its screen.
addCopy({ support });

/** The screen's one call lives in customer-service-queries.ts, which the router's loader starts too. */
export * from './customer-service-queries.ts';
