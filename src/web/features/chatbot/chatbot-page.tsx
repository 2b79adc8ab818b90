import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DotLoading } from 'antd-mobile';
import { type FormEvent, useEffect, useEffectEvent, useId, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { QaItem } from '../../../shared/contract/chatbot.ts';
import { ACTION_HAND_OVER, CHAT_LIMITS, QA_RECORD_TYPE } from '../../../shared/contract/constants.ts';
import { keyIn } from '../../../shared/i18n/catalog.ts';
import { chatbot } from '../../../shared/i18n/chatbot.ts';
import { H5_PATHS } from '../../../shared/routes.ts';
import { requestSignIn } from '../../lib/api-client.ts';
import { useApiMutation } from '../../lib/api-mutation.ts';
import { ApiFailure } from '../../lib/api-query.ts';
import { sendBridge } from '../../lib/bridge.ts';
import { toast } from '../../lib/toast.ts';
import { useTranslation } from '../../lib/use-translation.tsx';
import { Dialog } from '../../ui/overlays.tsx';
import { PageError } from '../../ui/page-state.tsx';
import { RatingDialog } from '../../ui/rating-dialog.tsx';
import { useSessionEnded } from '../../ui/route-error.tsx';
import { SkeletonRegion } from '../../ui/skeleton.tsx';
import { CATEGORY_ICONS, CategoryTabs, CategoryTabsSkeleton, iconName } from './category-tabs.tsx';
import { chatOrderParam, postQaRecord, qaListQuery, ROOT_PID } from './chatbot-api.ts';
import './chatbot-page.css';

/** A question the borrower can tap. Free-text matches come without an action type. */
interface ChatQuestion {
  id: number;
  title: string;
  actionType: number | null;
}

/** What a bot bubble is waiting for; kept on a failed bubble so its retry repeats exactly that. */
type Task =
  | { kind: 'category'; categoryId: number; label: string }
  | { kind: 'answer'; questionId: number }
  | { kind: 'freeText'; text: string };

type Bubble =
  | { id: number; kind: 'greeting' }
  | { id: number; kind: 'botText'; text: string }
  | { id: number; kind: 'userText'; text: string }
  | { id: number; kind: 'pending'; task: Task }
  | { id: number; kind: 'failed'; task: Task; message: string }
  | { id: number; kind: 'questions'; text: string; questions: ChatQuestion[]; offerHuman: boolean }
  | {
      id: number;
      kind: 'answer';
      questionId: number;
      answers: string[];
      /** The resolved / not-resolved record being sent ('1' / '0'), if any. */
      sending: '1' | '0' | null;
      done: boolean;
    };

/** A bubble before it has its id (Omit distributed over the union, so each kind keeps its fields). */
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
type NewBubble = WithoutId<Bubble>;

function initialIndex(raw: string | null, count: number): number {
  const n = Number(raw);
  return raw && Number.isInteger(n) && n >= 0 && n < count ? n : 0;
}

function complaintEntry(orderNo: string): string {
  return orderNo ? `${H5_PATHS.complaint}?${new URLSearchParams({ orderNo })}` : H5_PATHS.complaint;
}

/**
 * The FAQ chatbot (spec §2, §4): topics as tabs, questions and answers as bubbles, resolved feedback
 * with a star rating, free-text questions, and a hand-over to the complaint entry.
 */
export function ChatbotPage() {
  const { t } = useTranslation(['chatbot', 'common', 'shell']);
  const [params] = useSearchParams();
  const orderNo = chatOrderParam(params);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logId = useId();
  const inputId = useId();
  const logRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const nextId = useRef(1);

  // The route's loader has already asked for the topics (same key and call).
  const categories = useQuery(qaListQuery(ROOT_PID, orderNo));
  const list = categories.data?.answerList ?? [];
  const [picked, setPicked] = useState<number | null>(null);
  const selected = picked ?? initialIndex(params.get('selectedIndex'), list.length);

  const [bubbles, setBubbles] = useState<Bubble[]>([{ id: 0, kind: 'greeting' }]);
  const [text, setText] = useState('');
  const [handingOver, setHandingOver] = useState(false);
  const [rating, setRating] = useState<{ questionId: number } | null>(null);
  const [resultText, setResultText] = useState<string | null>(null);

  const append = (...items: NewBubble[]): number[] => {
    const added = items.map((item) => ({ ...item, id: nextId.current++ }) as Bubble);
    setBubbles((prev) => [...prev, ...added]);
    return added.map((b) => b.id);
  };
  const replace = (id: number, next: NewBubble) =>
    setBubbles((prev) => prev.map((b) => (b.id === id ? ({ ...next, id } as Bubble) : b)));
  const patchAnswer = (id: number, patch: { sending?: '1' | '0' | null; done?: boolean }) =>
    setBubbles((prev) => prev.map((b) => (b.id === id && b.kind === 'answer' ? { ...b, ...patch } : b)));

  const labelOf = (category: QaItem): string =>
    category.title_local_alias?.trim() ||
    ((CATEGORY_ICONS as readonly string[]).includes(category.icon ?? '')
      ? t(`screen.tabs.${iconName(category.icon)}`)
      : category.title_local);

  /** Fills a pending bubble with the outcome of its task; a failure leaves a retry in its place. */
  const run = async (task: Task, bubbleId: number) => {
    replace(bubbleId, { kind: 'pending', task });
    try {
      if (task.kind === 'category') {
        const data = await queryClient.fetchQuery(qaListQuery(task.categoryId, orderNo));
        const questions = data.answerList.map((q) => ({
          id: q.id,
          title: q.title_local,
          actionType: q.action_type,
        }));
        replace(bubbleId, {
          kind: 'questions',
          text: questions.length
            ? t('screen.categoryIntro', { category: task.label })
            : t('screen.categoryEmpty'),
          questions,
          offerHuman: false,
        });
      } else if (task.kind === 'answer') {
        const data = await queryClient.fetchQuery(qaListQuery(task.questionId, orderNo));
        const answers = data.answerList.map((a) => a.title_local);
        replace(
          bubbleId,
          answers.length
            ? { kind: 'answer', questionId: task.questionId, answers, sending: null, done: false }
            : { kind: 'botText', text: t('screen.noAnswer') },
        );
      } else {
        const result = await postQaRecord({
          orderNo,
          type: QA_RECORD_TYPE.FREE_TEXT,
          value: task.text,
          qaId: 0,
        });
        if (!result.ok || !result.data) throw new ApiFailure(result);
        const { questions } = result.data;
        replace(bubbleId, {
          kind: 'questions',
          text: result.data.text || t(questions.length ? 'messages.matches' : 'messages.noMatch'),
          questions: questions.map((q) => ({ id: q.id, title: q.title_local, actionType: q.action_type })),
          // No match: the server's text offers a human, so the bubble carries the way to one.
          offerHuman: questions.length === 0,
        });
      }
    } catch (error) {
      replace(bubbleId, { kind: 'failed', task, message: error instanceof Error ? error.message : '' });
    }
  };
  const start = (task: Task) => {
    const [id] = append({ kind: 'pending', task });
    void run(task, id!);
  };

  const pickCategory = (index: number) => {
    const category = list[index];
    if (!category) return;
    setPicked(index);
    start({ kind: 'category', categoryId: category.id, label: labelOf(category) });
  };

  // The topic the shell asked for (selectedIndex) opens with its questions, as if the borrower picked it.
  const openInitialTopic = useEffectEvent(() => pickCategory(selected));
  const openedInitial = useRef(false);
  useEffect(() => {
    if (!categories.data || openedInitial.current) return;
    openedInitial.current = true;
    openInitialTopic();
  }, [categories.data]);

  /** Records the jump (spec §4) and opens the complaint entry, where the borrower picks the type. */
  const handOver = async (qaId: number) => {
    if (handingOver) return;
    setHandingOver(true);
    // Silent: the borrower asked for a human, and a lost record must not stand between them.
    await postQaRecord(
      { orderNo, type: QA_RECORD_TYPE.HUMAN, value: '', qaId },
      { silent: true, loadingText: t('common:loading') },
    );
    setHandingOver(false);
    navigate(complaintEntry(orderNo));
  };

  const ask = (question: ChatQuestion) => {
    if (question.actionType === ACTION_HAND_OVER) {
      void handOver(question.id);
      return;
    }
    append({ kind: 'userText', text: question.title });
    start({ kind: 'answer', questionId: question.id });
  };

  const feedback = async (bubbleId: number, questionId: number, value: '1' | '0') => {
    patchAnswer(bubbleId, { sending: value });
    const result = await postQaRecord({ orderNo, type: QA_RECORD_TYPE.RESOLVED, value, qaId: questionId });
    if (!result.ok || !result.data) {
      // The helper has toasted the failure; the buttons come back so the borrower can try again.
      patchAnswer(bubbleId, { sending: null });
      return;
    }
    patchAnswer(bubbleId, { sending: null, done: true });
    if (value === '1') setRating({ questionId });
    else append({ kind: 'botText', text: result.data.text || t('messages.notResolved') });
  };

  // A refusal is toasted by the request helper; the dialog stays so the borrower can cancel or retry.
  const rate = useApiMutation({
    call: ({ score, questionId }: { score: number; questionId: number }) =>
      postQaRecord({ orderNo, type: QA_RECORD_TYPE.STARS, value: String(score), qaId: questionId }),
    onSuccess: (recorded) => {
      setRating(null);
      if (recorded.goRate) {
        // Top score: the native app opens the store rating (spec §4).
        sendBridge({ type: 'goRate' });
        if (recorded.text) append({ kind: 'botText', text: recorded.text });
      } else {
        setResultText(recorded.text || t('messages.thanks'));
      }
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = text.trim();
    if (!value) {
      toast.show(t('messages.textEmpty'));
      inputRef.current?.focus();
      return;
    }
    setText('');
    append({ kind: 'userText', text: value });
    start({ kind: 'freeText', text: value });
  };

  // The newest bubble is the one to read: keep the log scrolled to its end.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs because the bubbles changed
  useLayoutEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [bubbles]);

  const sendingText = bubbles.some((b) => b.kind === 'pending' && b.task.kind === 'freeText');

  return (
    <main className="chatbot">
      <title>{t('screen.title')}</title>
      <header className="chatbot-header">
        <h1>{t('screen.title')}</h1>
        <Button
          className="chatbot-contact"
          color="primary"
          fill="outline"
          loading={handingOver}
          onClick={() => void handOver(0)}
        >
          {t('screen.contactCs')}
        </Button>
      </header>

      <div className="chatbot-categories">
        {categories.isPending ? (
          <SkeletonRegion label={t('screen.loadingTopics')}>
            <CategoryTabsSkeleton />
          </SkeletonRegion>
        ) : categories.isError ? (
          <PageError
            message={`${t('screen.errors.categories')} ${categories.error.message}`.trim()}
            onRetry={() => void categories.refetch()}
          />
        ) : (
          <CategoryTabs
            categories={list}
            selected={selected}
            label={t('screen.categories')}
            labelOf={labelOf}
            controls={logId}
            onSelect={pickCategory}
          />
        )}
      </div>

      <div
        id={logId}
        ref={logRef}
        className="chatbot-log"
        role="log"
        aria-live="polite"
        aria-label={t('screen.conversation')}
      >
        {bubbles.map((bubble) => (
          <BubbleView
            key={bubble.id}
            bubble={bubble}
            onAsk={ask}
            onRetry={(task) => void run(task, bubble.id)}
            onFeedback={(questionId, value) => void feedback(bubble.id, questionId, value)}
            onHandOver={() => void handOver(0)}
            handingOver={handingOver}
          />
        ))}
      </div>

      <form className="chatbot-composer" onSubmit={submit} noValidate>
        <label htmlFor={inputId} className="visually-hidden">
          {t('screen.inputLabel')}
        </label>
        <input
          id={inputId}
          ref={inputRef}
          className="chatbot-input"
          type="text"
          enterKeyHint="send"
          autoComplete="off"
          maxLength={CHAT_LIMITS.textMax}
          placeholder={t('screen.inputPlaceholder')}
          value={text}
          onChange={(e) => setText(e.target.value.slice(0, CHAT_LIMITS.textMax))}
        />
        <Button className="chatbot-send" type="submit" color="primary" loading={sendingText}>
          {t('screen.send')}
        </Button>
      </form>

      <RatingDialog
        visible={rating !== null}
        labels={{
          title: t('screen.rating.title'),
          cancel: t('screen.rating.cancel'),
          send: t('screen.rating.send'),
          pickStars: t('messages.pickStars'),
          star: (n) => t(`screen.rating.stars.${keyIn(chatbot.en.screen.rating.stars, n) ?? '5'}`),
        }}
        onSend={(score) => rating && rate.mutate({ score, questionId: rating.questionId })}
        sending={rate.isPending}
        onCancel={() => setRating(null)}
      />
      <Dialog
        visible={resultText !== null}
        aria-label={t('screen.result.title')}
        title={t('screen.result.title')}
        content={<p className="chatbot-result">{resultText}</p>}
        closeOnAction
        closeOnMaskClick
        onClose={() => setResultText(null)}
        actions={[{ key: 'ok', text: t('screen.result.close'), bold: true }]}
      />
    </main>
  );
}

interface BubbleViewProps {
  bubble: Bubble;
  onAsk: (question: ChatQuestion) => void;
  onRetry: (task: Task) => void;
  onFeedback: (questionId: number, value: '1' | '0') => void;
  onHandOver: () => void;
  handingOver: boolean;
}

function BubbleView({ bubble, onAsk, onRetry, onFeedback, onHandOver, handingOver }: BubbleViewProps) {
  const { t } = useTranslation(['chatbot', 'common', 'shell']);
  const fromUser = bubble.kind === 'userText';
  return (
    <div className={fromUser ? 'chatbot-row is-user' : 'chatbot-row is-bot'} data-kind={bubble.kind}>
      <div className={fromUser ? 'chatbot-bubble is-user' : 'chatbot-bubble is-bot'}>
        {/* Read aloud in the log, who said it; the bubble's side shows it to sighted readers. */}
        <span className="visually-hidden">{fromUser ? t('screen.you') : t('screen.bot')}: </span>
        <BubbleBody
          bubble={bubble}
          onAsk={onAsk}
          onRetry={onRetry}
          onFeedback={onFeedback}
          onHandOver={onHandOver}
          handingOver={handingOver}
        />
      </div>
    </div>
  );
}

function BubbleBody({ bubble, onAsk, onRetry, onFeedback, onHandOver, handingOver }: BubbleViewProps) {
  const { t } = useTranslation(['chatbot', 'common', 'shell']);
  switch (bubble.kind) {
    case 'greeting':
      return <p>{t('screen.greeting')}</p>;
    case 'botText':
    case 'userText':
      return <p>{bubble.text}</p>;
    case 'pending':
      return (
        <div className="chatbot-typing">
          <DotLoading color="primary" /> <span>{t('screen.typing')}</span>
        </div>
      );
    case 'failed':
      return <FailedBody bubble={bubble} onRetry={onRetry} />;
    case 'questions':
      return (
        <>
          <p>{bubble.text}</p>
          {bubble.questions.length ? (
            <ul className="chatbot-chips">
              {bubble.questions.map((q) => (
                <li key={q.id}>
                  <button
                    type="button"
                    className="chatbot-chip"
                    disabled={handingOver}
                    onClick={() => onAsk(q)}
                  >
                    {q.title}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {bubble.offerHuman ? (
            <Button
              className="chatbot-action"
              color="primary"
              size="small"
              loading={handingOver}
              onClick={onHandOver}
            >
              {t('screen.contactCs')}
            </Button>
          ) : null}
        </>
      );
    case 'answer':
      return (
        <>
          {bubble.answers.map((answer, i) => (
            // Answers are plain text in a fixed order; their position is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <p key={i} className="chatbot-answer">
              {answer}
            </p>
          ))}
          {/* Feedback only makes sense for one clear answer (spec §2). */}
          {bubble.answers.length === 1 ? (
            bubble.done ? (
              <p className="chatbot-feedback-done">{t('screen.feedbackThanks')}</p>
            ) : (
              <fieldset className="chatbot-feedback">
                <legend>{t('screen.feedbackQuestion')}</legend>
                <Button
                  className="chatbot-action"
                  color="primary"
                  size="small"
                  loading={bubble.sending === '1'}
                  disabled={bubble.sending !== null}
                  onClick={() => onFeedback(bubble.questionId, '1')}
                >
                  {t('screen.resolved')}
                </Button>
                <Button
                  className="chatbot-action"
                  color="primary"
                  fill="outline"
                  size="small"
                  loading={bubble.sending === '0'}
                  disabled={bubble.sending !== null}
                  onClick={() => onFeedback(bubble.questionId, '0')}
                >
                  {t('screen.notResolved')}
                </Button>
              </fieldset>
            )
          ) : null}
        </>
      );
  }
}

/**
 * A reply that could not be loaded (a topic's questions, an answer, a free-text match): what failed,
 * the server's reason, and a retry that repeats exactly that task in this bubble. Once the session has
 * ended a retry cannot help: the bubble says so and offers the app's sign-in instead.
 */
function FailedBody({
  bubble,
  onRetry,
}: {
  bubble: Extract<Bubble, { kind: 'failed' }>;
  onRetry: (task: Task) => void;
}) {
  const { t } = useTranslation(['chatbot', 'common', 'shell']);
  const ended = useSessionEnded();
  if (ended) {
    return (
      <div className="chatbot-failed">
        <p>{t('common:errors.unauthenticated')}</p>
        <Button
          className="chatbot-action"
          color="primary"
          fill="outline"
          size="small"
          onClick={requestSignIn}
        >
          {t('shell:sessionEnded.signIn')}
        </Button>
      </div>
    );
  }
  const { task } = bubble;
  return (
    <div className="chatbot-failed">
      <p>
        {task.kind === 'category'
          ? t('screen.errors.questions', { category: task.label })
          : t('screen.errors.reply')}
      </p>
      {bubble.message ? <p className="chatbot-failed-detail">{bubble.message}</p> : null}
      <Button
        className="chatbot-action"
        color="primary"
        fill="outline"
        size="small"
        onClick={() => onRetry(task)}
      >
        {t('common:actions.retry')}
      </Button>
    </div>
  );
}
