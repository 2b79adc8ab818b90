import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  APP_PATHS,
  homeBody,
  homeReply,
  productDetailBody,
  productDetailReply,
} from '../../../shared/contract/app-calls.ts';
import { LOAN_PATHS, PRODUCT_MODULE } from '../../../shared/contract/constants.ts';
import {
  applyBody,
  applyReply,
  confirmDetailBody,
  contractJumpQuery,
  contractJumpReply,
  contractsQuery,
  contractsReply,
  detailsBody,
  loanConfirmReply,
  loanDetailsReply,
  orderListBody,
  orderListReply,
  productEventBody,
  productEventReply,
  pushBody,
  pushReply,
  recommendListBody,
  recommendListReply,
  scoreBody,
  scoreReply,
  standClickBody,
  standJumpBody,
  standListBody,
  standListReply,
} from '../../../shared/contract/loans.ts';
import { translate } from '../../../shared/i18n/resources.ts';
import { langOf } from '../../lang.ts';
import { perBorrower } from '../../plugins/auth.ts';
import { ok, ok00 } from '../../reply.ts';
import type { LoansService } from './loans.service.ts';

const borrowerOnly = { access: 'borrower' } as const;
const tags = ['loans'];

/** The borrower's loan calls (spec §7 "Products, loans and repayment"; contract in shared/contract/loans.ts). */
export const loansRoutes: FastifyPluginAsyncZod<{ loans: LoansService }> = async (app, { loans }) => {
  app.post(
    LOAN_PATHS.recommendList,
    {
      config: borrowerOnly,
      schema: { tags, body: recommendListBody.optional(), response: { 200: recommendListReply } },
    },
    async (req) => ok00(await loans.recommendList(req.borrower!, langOf(req))),
  );

  for (const path of [LOAN_PATHS.pageEvent, LOAN_PATHS.serviceEvent]) {
    app.post(
      path,
      {
        config: perBorrower(300),
        schema: { tags, body: productEventBody, response: { 200: productEventReply } },
      },
      async (req) => {
        await loans.saveEvent(req.borrower!, req.body);
        return path === LOAN_PATHS.pageEvent ? ok00(null) : ok(null);
      },
    );
  }

  app.post(
    LOAN_PATHS.apply,
    { config: borrowerOnly, schema: { tags, body: applyBody, response: { 200: applyReply } } },
    async (req) => ok00(await loans.apply(req.borrower!, req.body.product_id)),
  );

  app.post(
    LOAN_PATHS.confirmDetail,
    { config: borrowerOnly, schema: { tags, body: confirmDetailBody, response: { 200: loanConfirmReply } } },
    async (req) => ok(await loans.confirmDetail(req.borrower!, langOf(req), req.body)),
  );

  app.get(
    LOAN_PATHS.contracts,
    {
      config: borrowerOnly,
      schema: { tags, querystring: contractsQuery, response: { 200: contractsReply } },
    },
    async (req) => ok(loans.contracts(langOf(req))),
  );

  app.get(
    LOAN_PATHS.contractJump,
    {
      config: borrowerOnly,
      schema: { tags, querystring: contractJumpQuery, response: { 200: contractJumpReply } },
    },
    async (req) => ok(await loans.contractJump(req.borrower!, req.query)),
  );

  app.post(
    LOAN_PATHS.push,
    { config: perBorrower(30), schema: { tags, body: pushBody, response: { 200: pushReply } } },
    async (req) => ok(await loans.push(req.borrower!, req.body)),
  );

  app.post(
    LOAN_PATHS.details,
    { config: borrowerOnly, schema: { tags, body: detailsBody, response: { 200: loanDetailsReply } } },
    async (req) => ok(await loans.details(req.borrower!, langOf(req), req.body.orderId)),
  );

  app.post(
    LOAN_PATHS.orderList,
    { config: borrowerOnly, schema: { tags, body: orderListBody, response: { 200: orderListReply } } },
    async (req) => ok(await loans.orderList(req.borrower!, langOf(req), req.body.page)),
  );

  app.post(
    APP_PATHS.home,
    { config: borrowerOnly, schema: { tags, body: homeBody, response: { 200: homeReply } } },
    async (req) => ok(await loans.home(req.borrower!, langOf(req))),
  );

  app.post(
    APP_PATHS.productDetail,
    {
      config: borrowerOnly,
      schema: { tags, body: productDetailBody, response: { 200: productDetailReply } },
    },
    async (req) => ok(await loans.productDetail(req.borrower!, langOf(req), req.body.productId)),
  );

  app.post(
    LOAN_PATHS.score,
    { config: perBorrower(20), schema: { tags, body: scoreBody, response: { 200: scoreReply } } },
    async (req) => {
      await loans.score(req.borrower!, req.body.orderId, req.body.score);
      return ok(null, translate(langOf(req), 'loans', 'scoreThanks'));
    },
  );

  // Joint-login failure (form-encoded, spec §7): the list with its notice, a card's click, "go to product".
  app.post(
    LOAN_PATHS.standList,
    {
      config: borrowerOnly,
      schema: { tags, body: standListBody.optional(), response: { 200: standListReply } },
    },
    async (req) => {
      const lang = langOf(req);
      return ok00({ ...loans.standNotice(lang), list: await loans.recommendList(req.borrower!, lang) });
    },
  );

  app.post(
    LOAN_PATHS.standClick,
    {
      config: perBorrower(300),
      schema: { tags, body: standClickBody, response: { 200: productEventReply } },
    },
    async (req) => {
      await loans.saveEvent(req.borrower!, {
        productId: req.body.productId,
        moduleId: PRODUCT_MODULE.OTHER,
        positionId: req.body.position,
      });
      return ok00(null);
    },
  );

  app.post(
    LOAN_PATHS.standJump,
    { config: borrowerOnly, schema: { tags, body: standJumpBody, response: { 200: applyReply } } },
    async (req) => {
      await loans.saveEvent(req.borrower!, {
        productId: req.body.productId,
        moduleId: req.body.moduleId,
        positionId: req.body.position,
      });
      return ok00(await loans.apply(req.borrower!, req.body.productId));
    },
  );
};
