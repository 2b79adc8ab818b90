import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** One schema for both drivers (PGlite and PostgreSQL); migrations are generated from it. */

export const borrowers = pgTable(
  'borrowers',
  {
    id: serial('id').primaryKey(),
    market: text('market').notNull(),
    phone: text('phone').notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('borrowers_market_phone_uq').on(t.market, t.phone)],
);

/** Borrower sessions. Only a SHA-256 of the token is stored, so a database leak yields no credentials. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    borrowerId: integer('borrower_id')
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    deviceId: text('device_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_uq').on(t.tokenHash),
    index('sessions_borrower_idx').on(t.borrowerId),
  ],
);

/** Company and site details per market, shown on the public site and in the app. */
export const siteConfigs = pgTable('site_configs', {
  market: text('market').primaryKey(),
  companyName: text('company_name').notNull(),
  phone: text('phone').notNull(),
  email: text('email').notNull(),
  address: text('address').notNull(),
  brandColour: text('brand_colour').notNull().default('#0DCC86'),
  appName: text('app_name').notNull(),
  policyUrl: text('policy_url').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Messages from the official contact form; operators read them in the back office. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    market: text('market').notNull(),
    lang: text('lang').notNull(),
    name: text('name').notNull(),
    telephone: text('telephone').notNull(),
    email: text('email'),
    suggestion: text('suggestion').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
  },
  (t) => [index('contact_messages_market_created_idx').on(t.market, t.createdAt)],
);

export const schema = { borrowers, sessions, siteConfigs, contactMessages };
