import { mountPlaceholderShell } from '../../ui/placeholder-shell.tsx';

// The promotion shell will hold the channel register flow (spec §2); until then it says so.
mountPlaceholderShell('promo');
