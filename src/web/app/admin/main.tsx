import { mountPlaceholderShell } from '../../ui/placeholder-shell.tsx';

// The back office will hold the operators' tools (product brief §1.4); until then it says so.
mountPlaceholderShell('admin');
