import { createHmac, randomBytes } from 'node:crypto';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { ROUTE_ALIASES } from '../shared/contract/app-calls.ts';
import { REPAY_PATHS } from '../shared/contract/constants.ts';
import { ERROR_CODE } from '../shared/contract/reply-codes.ts';
import { type BankVerifier, noBankVerifier, sandboxBankVerifier } from './adapters/bank-verification.ts';
import { type KycProvider, noKyc, sandboxKyc } from './adapters/kyc.ts';
import {
  type CallbackSender,
  httpSender,
  noGateway,
  type SandboxGateway,
  sandboxGateway,
} from './adapters/payment-gateway.ts';
import { manualPayout, sandboxPayout } from './adapters/payout.ts';
import { httpSmsSender, localSmsOutbox } from './adapters/sms.ts';
import { type ObjectStorage, openStorage } from './adapters/storage.ts';
import { type MovableClock, movableClock } from './clock.ts';
import type { Config } from './config.ts';
import { newDataKey, sealer } from './crypto/sealed.ts';
import type { Database } from './db/client.ts';
import { AppError } from './errors.ts';
import { type JobRunner, jobsRoutes, scheduledJobs } from './jobs/index.ts';
import { loggerOptions } from './logging.ts';
import { adminRepository } from './modules/admin/admin.repository.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { adminService } from './modules/admin/admin.service.ts';
import { bankRepository } from './modules/bank/bank.repository.ts';
import { bankRoutes } from './modules/bank/bank.routes.ts';
import { bankService } from './modules/bank/bank.service.ts';
import { borrowersAdminRepository } from './modules/borrowers-admin/borrowers-admin.repository.ts';
import { borrowersAdminRoutes, borrowersAdminService } from './modules/borrowers-admin/borrowers-admin.ts';
import { channelsAdminRepository } from './modules/channels-admin/channels-admin.repository.ts';
import { channelsAdminRoutes } from './modules/channels-admin/channels-admin.routes.ts';
import { channelsAdminService } from './modules/channels-admin/channels-admin.service.ts';
import { chatbotRepository } from './modules/chatbot/chatbot.repository.ts';
import { chatbotRoutes } from './modules/chatbot/chatbot.routes.ts';
import { chatbotService } from './modules/chatbot/chatbot.service.ts';
import { complaintsRepository } from './modules/complaints/complaints.repository.ts';
import { complaintsRoutes } from './modules/complaints/complaints.routes.ts';
import { complaintsService } from './modules/complaints/complaints.service.ts';
import { dataRightsAdminService } from './modules/data-rights/data-rights.admin.ts';
import { dataRightsRepository } from './modules/data-rights/data-rights.repository.ts';
import { dataRightsAdminRoutes, dataRightsRoutes } from './modules/data-rights/data-rights.routes.ts';
import { dataRightsService } from './modules/data-rights/data-rights.service.ts';
import { documentsRepository } from './modules/documents/documents.repository.ts';
import { documentsRoutes } from './modules/documents/documents.routes.ts';
import { documentsService } from './modules/documents/documents.service.ts';
import { oneTimeCodes } from './modules/identity/one-time-codes.ts';
import { smsLogin, smsLoginRoutes } from './modules/identity/sms-login.ts';
import { ledgerCheckRoutes } from './modules/ledger-check/ledger-check.routes.ts';
import { type LedgerCheckService, ledgerCheckService } from './modules/ledger-check/ledger-check.service.ts';
import { demoClockRoutes, type LoanJobs, loanJobs } from './modules/loans/loan-jobs.ts';
import { loansRepository } from './modules/loans/loans.repository.ts';
import { loansRoutes } from './modules/loans/loans.routes.ts';
import { loansService } from './modules/loans/loans.service.ts';
import { orderEngine } from './modules/orders/order-engine.ts';
import { ordersAdminRoutes, ordersAdminService } from './modules/orders/orders-admin.ts';
import { ordersBorrowerRoutes, ordersBorrowerService } from './modules/orders/orders-borrower.ts';
import { productsAdminRoutes, productsAdminService } from './modules/products/products-admin.ts';
import { demoCaptchaRoutes, promotionRoutes } from './modules/promotion/promotion.routes.ts';
import { promotionService } from './modules/promotion/promotion.service.ts';
import {
  paymentsAdminRoutes,
  paymentsAdminService,
  sandboxPayRoutes,
} from './modules/repayment/payments-admin.ts';
import { type RepaymentLedger, repaymentLedger } from './modules/repayment/repayment.ledger.ts';
import { repaymentRepository } from './modules/repayment/repayment.repository.ts';
import { gatewayWebhookRoutes, repaymentRoutes } from './modules/repayment/repayment.routes.ts';
import { repaymentService } from './modules/repayment/repayment.service.ts';
import { repaymentCardRepository } from './modules/repayment-card/repayment-card.repository.ts';
import { demoCardRoutes, repaymentCardRoutes } from './modules/repayment-card/repayment-card.routes.ts';
import { repaymentCardService } from './modules/repayment-card/repayment-card.service.ts';
import { sessionRepository } from './modules/session/session.repository.ts';
import { sessionRoutes } from './modules/session/session.routes.ts';
import { sessionService } from './modules/session/session.service.ts';
import { siteRepository } from './modules/site/site.repository.ts';
import { siteRoutes } from './modules/site/site.routes.ts';
import { siteService } from './modules/site/site.service.ts';
import { staffRepository } from './modules/staff/staff.repository.ts';
import { staffRoutes } from './modules/staff/staff.routes.ts';
import { staffService } from './modules/staff/staff.service.ts';
import { supportRoutes } from './modules/support/support.routes.ts';
import { uploadsCleanup } from './modules/uploads/uploads.cleanup.ts';
import { uploadsRepository } from './modules/uploads/uploads.repository.ts';
import { uploadsService } from './modules/uploads/uploads.service.ts';
import { identityRoutes } from './modules/verification/identity.routes.ts';
import { identityService } from './modules/verification/identity.service.ts';
import { verificationGate } from './modules/verification/index.ts';
import { verificationRepository } from './modules/verification/verification.repository.ts';
import { verificationRoutes } from './modules/verification/verification.routes.ts';
import { verificationService } from './modules/verification/verification.service.ts';
import { authPlugin } from './plugins/auth.ts';
import { compressApiPlugin } from './plugins/compress-api.ts';
import { docsPlugin } from './plugins/docs.ts';
import { errorsPlugin, sendError } from './plugins/errors.ts';
import { freshConnectionProbe, healthRoutes } from './plugins/health.ts';
import { routeAliasesPlugin } from './plugins/route-aliases.ts';
import { applyJsonHeaders, JSON_HEADERS, securityPlugin } from './plugins/security.ts';
import { shutdownPlugin } from './plugins/shutdown.ts';
import { webRoutes } from './plugins/web.ts';
import { referenceData } from './reference-data.ts';
import { replySerializerCompiler } from './serializer.ts';
import { openSharedState } from './shared-state/index.ts';

/** Paths that belong to the API: unknown ones get a JSON 404, everything else the site's 404 page. */
const API_PREFIXES = [
  '/vdthg/',
  '/h5-api/',
  '/v3/',
  '/api/',
  '/indah/',
  '/service/',
  '/dev-api/',
  '/admin-api/',
];

export interface AppDeps {
  config: Config;
  database: Database;
  /** `false` silences logging; a stream captures the (redacted) log lines, as tests do. */
  logger?: false | { stream: DestinationStream };
  /** Object storage for uploads; the configured one (config.storage) by default, closed with the app. */
  storage?: ObjectStorage;
  /** The loan rules' clock; the system's (movable in demo mode) by default. */
  clock?: MovableClock;
  /**
   * Where this app's keys and channels start in Redis (tests: one prefix per group of instances); the
   * configured REDIS_PREFIX, else `loan:`, by default.
   */
  redisPrefix?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Due, overdue and late-charge jobs (loan-jobs.ts), run on a schedule by the process. */
    loanJobs: LoanJobs;
    /** The ledger check (decision 049), run nightly by the process and on demand from the back office. */
    ledgerCheck: LedgerCheckService;
    /** The sandbox payment gateway: its callbacks wait in the database until the webhook takes them. */
    gateway: SandboxGateway;
    /** How the sandbox reaches our webhook from this process. */
    gatewayCallbacks: () => CallbackSender;
    /** Credits payments a crash left `received` (repayment.ledger.ts), run on a schedule by the process. */
    creditSweep: RepaymentLedger['sweep'];
    /** The scheduled jobs (jobs/index.ts): started by the server, stopped when the app closes. */
    jobs: JobRunner;
  }
}

/** The whole product as one Fastify instance: the process (server.ts) and tests both build it here. */
export async function buildApp(deps: AppDeps) {
  const { config, database } = deps;
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : {
            ...(loggerOptions(config.logLevel) as object),
            ...(deps.logger ? { stream: deps.logger.stream } : {}),
          },
    // X-Forwarded-For is believed only from the configured proxies (security baseline: SMS limits).
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    bodyLimit: 1024 * 1024,
    // The shutdown plugin answers requests during a stop itself, as a 503 envelope in the caller's
    // language; Fastify's own closing reply would be a bare English body.
    return503OnClosing: false,
    // Errors the router meets before any route (a path parameter past its length limit, a malformed
    // percent-encoding) leave in our envelope and the caller's language, like every other refusal.
    // No hook has run for them, so they carry the JSON header set themselves (decision 041).
    frameworkErrors: (_error, req, reply) =>
      sendError(req, reply.headers(JSON_HEADERS), new AppError(ERROR_CODE.VALIDATION)),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(replySerializerCompiler({ checkContract: config.env !== 'production' }));

  // What several instances share (decision 071): in Redis with REDIS_URL, else in this process.
  const shared = await openSharedState({
    url: config.redisUrl,
    prefix: deps.redisPrefix ?? config.redisPrefix,
    // The loan rules' time: the system's, which demo mode and tests may move forward (clock.ts).
    clock: deps.clock ?? movableClock(),
    log: app.log,
  });
  app.addHook('onClose', () => shared.close());
  const { bus, clock } = shared;
  const sessionRepo = sessionRepository(database);
  const sessions = sessionService(sessionRepo, { ttlMs: config.sessionTtlMs, bus });
  const siteRepo = siteRepository(database.db);
  const complaintsRepo = complaintsRepository(database);
  const chatbotRepo = chatbotRepository(database.db);
  const loansRepo = loansRepository(database);
  const reference = referenceData(
    {
      complaints: complaintsRepo,
      chatbot: chatbotRepo,
      site: siteRepo,
      loans: loansRepo,
    },
    bus,
  );
  const site = siteService(siteRepo, reference);
  // Outside demo mode config guarantees a key. The process (server.ts) gives demo mode its data folder's
  // key; an app built without one (tests) signs with a key of its own that dies with it.
  const signingKey = config.urlSigningSecret ?? randomBytes(32).toString('base64url');
  // Every other key is derived from it, one per purpose: a leak of one says nothing of the others.
  const derived = (purpose: string) => createHmac('sha256', signingKey).update(purpose).digest('base64url');
  const storage = deps.storage ?? (await openStorage(config.storage));
  if (!deps.storage) app.addHook('onClose', async () => storage.close());
  const uploads = uploadsService(uploadsRepository(database.db), storage, signingKey);
  const complaints = complaintsService(complaintsRepo, uploads, reference);
  const chatbot = chatbotService(chatbotRepo, reference);
  const staffRepo = staffRepository(database.db);
  const staff = staffService(staffRepo);
  const admin = adminService(adminRepository(database.db), uploads, staffRepo.audit, reference.changed);
  // Every change of an order is dated by the loan clock, so a moved demo clock moves payouts too.
  const engine = orderEngine(database.db, clock);
  // Personal numbers at rest (decisions 064, 065): outside demo mode config guarantees DATA_KEY, server.ts gives
  // demo mode its data folder's; an app built without one (tests) seals with a random key that dies with it.
  const sealed = sealer(config.dataKey ?? newDataKey());
  const verificationRepo = verificationRepository(database);
  const verification = verificationService({ repo: verificationRepo, sealer: sealed, clock });
  // The identity check (issue 30, decision 067): the sandbox with the sandbox gateway (demo mode and
  // tests), as the bank check; no real provider is wired yet, so otherwise every check answers 503.
  const kyc: KycProvider = config.paymentGateway === 'sandbox' ? sandboxKyc() : noKyc();
  const identity = identityService({ repo: verificationRepo, sealer: sealed, clock, kyc, selfies: uploads });
  const loans = loansService({
    repo: loansRepo,
    engine,
    reference,
    clock,
    verified: verificationGate(verification),
    missingStep: (borrowerId) => verification.missingStep(borrowerId),
  });
  const jobs = loanJobs({ database, engine, clock });
  const ordersAdmin = ordersAdminService(database.db, engine, staffRepo.audit, () => payout, clock);
  const productsAdmin = productsAdminService(database.db, staffRepo.audit, reference.changed.products);
  // The sandbox payout provider (demo mode, or configured: issue 8, decision 047) confirms each payout
  // shortly after; without it a payout is made and recorded by staff.
  const sandbox = config.paymentGateway === 'sandbox';
  const payout = sandbox
    ? sandboxPayout((orderNo, reference) => ordersAdmin.payoutConfirmed(orderNo, reference))
    : manualPayout();
  // Repayment (issue 9): the sandbox gateway in demo mode or when configured, else none (decision 047).
  // Its callbacks are signed with a key of their own, derived from the URL-signing key unless configured.
  const gatewaySecret = config.gatewaySecret ?? derived('payment-gateway callbacks');
  const gateway: SandboxGateway = sandbox
    ? sandboxGateway(database.db, gatewaySecret, clock, () => {
        // Sent now rather than at the process's next round; a failure is retried by that round.
        gateway
          .deliverDue(app.gatewayCallbacks())
          .catch((err: unknown) => app.log.warn({ err }, 'gateway callback'));
      })
    : noGateway();
  const repaymentRepo = repaymentRepository(database);
  const repayment = repaymentService({ repo: repaymentRepo, gateway, reference, clock });
  const ledger = repaymentLedger({
    db: database.db,
    run: database.run,
    repo: repaymentRepo,
    engine,
    clock,
    log: { warn: (obj, msg) => app.log.warn(obj, msg) },
  });

  await app.register(errorsPlugin);
  await app.register(shutdownPlugin, { drainMs: config.shutdownDrainMs });
  await app.register(securityPlugin);
  await app.register(compressApiPlugin);
  await app.register(formbody);
  await app.register(rateLimit, {
    global: false,
    // The bench's switch (RATE_LIMITS=off, demo data only): every route-level limit lets all through.
    ...(config.rateLimits ? {} : { allowList: () => true }),
    // Counted in Redis when instances share one, so a limit holds across all of them (decision 071).
    ...shared.rateLimitStore,
    errorResponseBuilder: () => new AppError(ERROR_CODE.RATE_LIMITED),
  });
  // After the limiter, before every route: an alias shares its original's limit (decision 069).
  await app.register(routeAliasesPlugin, { aliases: ROUTE_ALIASES });
  await app.register(docsPlugin, { demo: config.demo, staff });
  await app.register(authPlugin, { sessions, staff });

  const databaseProbe =
    database.kind === 'postgres' && config.databaseUrl
      ? freshConnectionProbe(config.databaseUrl)
      : database.ping;
  // Ready only when the database and the shared state (Redis, if configured) both answer.
  await app.register(healthRoutes, {
    probe: async () => void (await Promise.all([databaseProbe(), shared.ping()])),
  });
  await app.register(sessionRoutes, { sessions, demo: config.demo });
  await app.register(siteRoutes, { site });
  // Multipart and cookies only in the scopes that use them: each adds hooks to every request it covers
  // (decision 020). Limits here are the outer bound; the upload routes ask for their own tighter ones.
  const multipartLimits = { limits: { fileSize: 6 * 1024 * 1024, files: 1, fields: 10, parts: 12 } };
  await app.register(async (scope) => {
    await scope.register(multipart, multipartLimits);
    await scope.register(complaintsRoutes, { complaints, uploads });
  });
  await app.register(async (scope) => {
    await scope.register(multipart, multipartLimits);
    await scope.register(identityRoutes, { identity });
  });
  await app.register(chatbotRoutes, { chatbot });
  await app.register(loansRoutes, { loans });
  await app.register(verificationRoutes, { verification });
  await app.register(ordersBorrowerRoutes, { orders: ordersBorrowerService(database.db) });
  await app.register(repaymentRoutes, { repayment });
  await app.register(documentsRoutes, {
    documents: documentsService({ repo: documentsRepository(database), reference, signingKey, clock }),
    publicUrl: config.publicUrl,
  });
  // Privacy rights (decision 035): requests, the copy of the data, account cancellation.
  const dataRightsRepo = dataRightsRepository(database);
  await app.register(dataRightsRoutes, {
    rights: dataRightsService({
      repo: dataRightsRepo,
      reference,
      uploads,
      storage,
      sessions,
      signingKey,
      clock,
    }),
    publicUrl: config.publicUrl,
  });
  await app.register(gatewayWebhookRoutes, { ledger, secret: gatewaySecret });
  app.decorate('gateway', gateway);
  // The sandbox posts its callbacks to this very server: over HTTP once it listens (as a provider
  // would), through injection before (tests build the app without listening).
  app.decorate('gatewayCallbacks', () => {
    const address = app.server.listening ? app.server.address() : null;
    if (address && typeof address === 'object')
      return httpSender(`http://127.0.0.1:${address.port}${REPAY_PATHS.webhook}`);
    return async (body: string, headers: Record<string, string>) =>
      (await app.inject({ method: 'POST', url: REPAY_PATHS.webhook, headers, payload: body })).statusCode;
  });
  const paymentsAdmin = paymentsAdminService({
    db: database.db,
    gateway,
    callbacks: () => app.gatewayCallbacks(),
    audit: staffRepo.audit,
    repo: repaymentRepo,
    engine,
    clock,
  });
  if (config.demo && sandbox) await app.register(sandboxPayRoutes, { payments: paymentsAdmin });
  // The older bank-card repayment (decision 032). SMS go to the local outbox (no provider adapter yet);
  // codes and repay tokens are keyed by keys of their own, derived like the gateway's.
  const smsOutbox = localSmsOutbox({ now: () => clock.now().getTime(), values: shared.values('sms-outbox') });
  // One-time SMS codes for every purpose (card repayments, registration): one set of per-phone limits.
  // A configured provider sends for real; otherwise the in-process outbox (demo mode reads it).
  const smsSender = config.smsProvider ? httpSmsSender(config.smsProvider) : smsOutbox;
  const codes = oneTimeCodes({ db: database.db, sms: smsSender, key: derived('sms one-time codes') });
  const cards = repaymentCardService({
    repo: repaymentCardRepository(database),
    ledgers: repaymentRepo,
    repayment,
    gateway,
    callbacks: () => app.gatewayCallbacks(),
    codes,
    reference,
    clock,
    key: derived('card repay tokens'),
    demo: config.demo,
    log: app.log,
  });
  await app.register(repaymentCardRoutes, { cards });
  // The bank account (issue 30, decision 065): checked by the sandbox with the sandbox gateway (demo mode
  // and tests); no real provider is wired yet, so otherwise every check answers "unavailable".
  const bankVerifier: BankVerifier = sandbox ? sandboxBankVerifier() : noBankVerifier();
  await app.register(bankRoutes, {
    bank: bankService({
      repo: bankRepository(database.db),
      verifier: bankVerifier,
      sealed,
      codes,
      clock,
      appName: reference.appName,
    }),
  });
  const promotion = promotionService({
    appName: reference.appName,
    db: database.db,
    codes,
    clock,
    key: derived('promotion captchas and phones'),
    hourlySmsCap: config.smsHourlyCap,
    alert: (message, detail) => app.log.error({ alert: true, ...detail }, message),
    demo: config.demo,
    demoAnswers: shared.values('captcha-answers'),
  });
  await app.register(promotionRoutes, { promotion });
  if (config.demo) await app.register(demoCaptchaRoutes, { promotion });
  await app.register(smsLoginRoutes, {
    login: smsLogin({
      codes,
      sessions,
      repo: sessionRepo,
      clock,
      key: derived('sms sign-in phones'),
      appName: reference.appName,
      // Never the number or the text; the error as the log's rule scrubs it (digit runs masked).
      undelivered: (err) => app.log.warn({ err }, 'sign-in code not sent'),
    }),
  });
  if (config.demo) await app.register(demoCardRoutes, { cards, outbox: smsOutbox });
  // The process schedules the loan jobs (server.ts); demo mode can also move the clock and run them now.
  app.decorate('loanJobs', jobs);
  app.decorate('creditSweep', (opts?: { graceMs?: number }) => ledger.sweep(opts));
  if (config.demo) await app.register(demoClockRoutes, { clock, jobs });
  const ledgerCheck = ledgerCheckService({ database });
  app.decorate('ledgerCheck', ledgerCheck);
  const scheduled = scheduledJobs({
    database,
    databaseUrl: config.databaseUrl,
    stopTimeoutMs: Math.max(1000, config.shutdownGraceMs - config.shutdownDrainMs - 1000),
    log: app.log,
    work: {
      loanJobs: () => jobs.run(),
      creditSweep: () => ledger.sweep(),
      uploadCleanup: uploadsCleanup(uploadsRepository(database.db), storage, config.uploadCleanup),
      gatewayOutbox: () => gateway.deliverDue(app.gatewayCallbacks()),
      ledgerCheck: () => ledgerCheck.nightly(),
      uploadCleanupMs: config.uploadCleanup.intervalMs,
    },
  });
  app.decorate('jobs', scheduled.runner);
  app.addHook('onClose', () => scheduled.runner.stop());
  await app.register(supportRoutes, { site });
  await app.register(async (scope) => {
    await scope.register(cookie);
    await scope.register(multipart, multipartLimits);
    await scope.register(staffRoutes, { staff, secureCookie: config.env === 'production' });
    await scope.register(adminRoutes, { admin, uploads, staff });
    await scope.register(ordersAdminRoutes, { orders: ordersAdmin });
    await scope.register(productsAdminRoutes, { products: productsAdmin });
    await scope.register(channelsAdminRoutes, {
      channels: channelsAdminService({
        repo: channelsAdminRepository(database.db),
        audit: staffRepo.audit,
        clock,
      }),
    });
    // "Mark paid" books a payment no money backs: only with the sandbox gateway (decision 047).
    await scope.register(paymentsAdminRoutes, { payments: paymentsAdmin, markPaid: sandbox });
    await scope.register(ledgerCheckRoutes, { checks: ledgerCheck });
    await scope.register(borrowersAdminRoutes, {
      borrowers: borrowersAdminService({ repo: borrowersAdminRepository(database), sealer: sealed, clock }),
    });
    await scope.register(jobsRoutes, { ...scheduled, audit: staffRepo.audit });
    await scope.register(dataRightsAdminRoutes, {
      rights: dataRightsAdminService({
        repo: dataRightsRepo,
        clock,
        sms: smsSender,
        appName: reference.appName,
        // Through the error serializer, which scrubs numbers from a provider's message (decision 056).
        notifyFailed: (err) => app.log.warn({ err }, 'data-rights answer SMS not sent'),
      }),
    });
  });
  const web = await webRoutes(app, {
    webDist: config.webDist,
    demo: config.demo,
    privacyAliasRoute: config.privacyAliasRoute,
    siteConfig: (market) => site.config(market),
  });

  app.setNotFoundHandler((req, reply) => {
    const wantsHtml = req.method === 'GET' && (req.headers.accept ?? '').includes('text/html');
    if (!wantsHtml || API_PREFIXES.some((p) => req.url.startsWith(p))) {
      // A JSON envelope like every API reply's, so the same headers: no caching, no page policy.
      applyJsonHeaders(reply);
      return sendError(req, reply, new AppError(ERROR_CODE.NOT_FOUND));
    }
    return web.sendNotFoundPage(req, reply);
  });

  return app;
}
