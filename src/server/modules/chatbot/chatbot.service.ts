import type { QaItem, QaList, QaRecord, QaRecordResult } from '../../../shared/contract/chatbot.ts';
import { CHAT_LIMITS, QA_RECORD_TYPE } from '../../../shared/contract/constants.ts';
import { isBlankText } from '../../../shared/domain/text.ts';
import { fixedT } from '../../../shared/i18n/resources.ts';
import type { Lang } from '../../../shared/markets.ts';
import { AppError, notFound } from '../../errors.ts';
import type { BorrowerIdentity } from '../../plugins/auth.ts';
import type { ReferenceData } from '../../reference-data.ts';
import type { ChatbotRepository } from './chatbot.repository.ts';

const refuse = (key: string) => new AppError('400', `chatbot:messages.${key}`);
const SEARCH_RESULTS = 3;

/** Words for the full-text query: letters and digits of any script, nothing that tsquery would parse. */
export function searchWords(text: string): string[] {
  return [...new Set(text.toLowerCase().match(/[\p{L}\p{N}]{2,}/gu) ?? [])].slice(0, 12);
}

export function chatbotService(repo: ChatbotRepository, reference: ReferenceData) {
  type Row = Awaited<ReturnType<ChatbotRepository['activeItems']>>[number];
  const toItem = (row: Row, lang: Lang): QaItem => ({
    id: row.id,
    title_local: lang === 'id' ? row.titleId : row.titleEn,
    title_local_alias: (lang === 'id' ? row.aliasId : row.aliasEn) ?? null,
    action_type: row.actionType,
    icon: row.icon,
  });

  return {
    /**
     * pid 0: categories; a category: its questions; a question: its answers. Read from the reference
     * data: no query on this path (decision 020).
     */
    async list(borrower: BorrowerIdentity, lang: Lang, pid: number): Promise<QaList> {
      const items = await reference.qaItems(borrower.market);
      const rows = items.filter((r) => r.parentId === pid);
      if (pid === 0) return { answerList: rows.map((r) => toItem(r, lang)), question: null };
      const parent = items.find((r) => r.id === pid);
      if (!parent || parent.kind === 'answer') throw notFound();
      return {
        answerList: rows.map((r) => toItem(r, lang)),
        question:
          parent.kind === 'question'
            ? { id: parent.id, title_local: toItem(parent, lang).title_local }
            : null,
      };
    },

    /** Stores every record, and answers what the screen shows next. */
    async record(borrower: BorrowerIdentity, lang: Lang, body: QaRecord): Promise<QaRecordResult> {
      const t = fixedT(lang, 'chatbot', 'messages');
      const value = body.value.trim();
      let result: QaRecordResult = { text: '', questions: [], goRate: false };

      switch (body.type) {
        case QA_RECORD_TYPE.HUMAN:
          result.text = t('handOver');
          break;
        case QA_RECORD_TYPE.RESOLVED:
          if (value !== '0' && value !== '1') throw new AppError('400');
          result.text = value === '1' ? '' : t('notResolved');
          break;
        case QA_RECORD_TYPE.STARS: {
          const stars = Number(value);
          if (!/^[1-5]$/.test(value)) throw refuse('pickStars');
          result =
            stars === 5
              ? { text: t('rated'), questions: [], goRate: true }
              : { text: t('thanks'), questions: [], goRate: false };
          break;
        }
        case QA_RECORD_TYPE.FREE_TEXT: {
          if (isBlankText(value)) throw refuse('textEmpty');
          if (value.length > CHAT_LIMITS.textMax) throw new AppError('400');
          const matches = await repo.search(borrower.market, lang, searchWords(value), SEARCH_RESULTS);
          result = {
            text: matches.length ? t('matches') : t('noMatch'),
            questions: matches.map((m) => ({ id: m.id, title_local: m.title, action_type: m.action_type })),
            goRate: false,
          };
          break;
        }
        default:
          throw new AppError('400');
      }

      if (body.qaId && !(await reference.qaItems(borrower.market)).some((r) => r.id === body.qaId)) {
        throw notFound();
      }
      const stored = await repo.record({
        borrowerId: borrower.id,
        market: borrower.market,
        orderNo: body.orderNo,
        type: body.type,
        value,
        qaId: body.qaId,
      });
      // Someone else's order number reads exactly like one that does not exist (nothing is written).
      if (!stored) throw notFound();
      return result;
    },
  };
}
export type ChatbotService = ReturnType<typeof chatbotService>;
