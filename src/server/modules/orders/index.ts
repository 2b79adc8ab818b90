/** What other features may use of orders (decision 055): the order engine, the one way an order changes state. */
export type { Actor, OrderEngine } from './order-engine.ts';
export { rejectionOf } from './orders-borrower.ts';
