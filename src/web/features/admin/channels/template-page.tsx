import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  COLOUR_PATTERN,
  limitOf,
  looksBlank,
  problemKey,
  problemVars,
  type TemplateField,
  type TemplateFields,
  type TemplateProblem,
  templateProblems,
} from '../../../../shared/contract/channels-admin.ts';
import type { AdminTemplate } from '../../../../shared/contract/channels-admin-schema.ts';
import { isMarket, type Market } from '../../../../shared/markets.ts';
import { toast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.tsx';
import { PageError, PageLoading } from '../../../ui/page-state.tsx';
import { isFinalFailure, isOtherMarket, useStaffSession } from '../admin-api.ts';
import { ADMIN_ROUTES } from '../admin-paths.ts';
import { MarketRadios } from '../admin-ui.tsx';
import { LiveSwitch, PublicLink } from './channel-parts.tsx';
import { channelKeys, createTemplate, fetchTemplate, updateTemplate } from './channels-api.ts';
import { FunnelPanel } from './funnel-panel.tsx';
import { TemplatePreview } from './template-preview.tsx';
import '../admin.css';
import './channels.css';

function Frame({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('channelsAdmin');
  const { t: ta } = useTranslation('admin');
  const headingId = useId();
  return (
    <article className="admin-page" aria-labelledby={headingId}>
      <title>{`${title} · ${ta('app.title')}`}</title>
      <p>
        <Link to={ADMIN_ROUTES.channels}>{t('editor.back')}</Link>
      </p>
      <h1 id={headingId}>{title}</h1>
      {children}
    </article>
  );
}

/** A new template, in the market the list was showing (`?market=`); its page stays offline at first. */
export function NewTemplatePage() {
  const { t } = useTranslation('channelsAdmin');
  const { staff } = useStaffSession();
  const [params] = useSearchParams();
  const asked = params.get('market')?.toUpperCase();
  const market: Market =
    isMarket(asked) && staff.markets.includes(asked) ? asked : (staff.markets[0] ?? 'IN');
  const title = t('editor.newTitle');
  return (
    <Frame title={title}>
      {staff.role === 'admin' ? (
        <TemplateForm template={null} market={market} markets={staff.markets} />
      ) : (
        <p className="admin-notice" role="alert">
          {t('list.readOnly')}
        </p>
      )}
    </Frame>
  );
}

/** A template: its editor (read-only for agents), its public link, its switch, and its funnel. */
export function TemplatePage() {
  const { t } = useTranslation('channelsAdmin');
  const { staff } = useStaffSession();
  const { id: rawId } = useParams();
  const id = Number(rawId);
  const valid = Number.isInteger(id) && id > 0 && id <= 2_147_483_647;
  const template = useQuery({
    queryKey: channelKeys.one(id),
    queryFn: () => fetchTemplate(id),
    enabled: valid,
    // The editor keeps what is being typed; a refetch must not swap the version it was started on.
    refetchOnWindowFocus: false,
  });
  /** Bumped to start the editor again from the newest version (after a 409). */
  const [generation, setGeneration] = useState(0);
  const title = template.data ? t('editor.title', { name: template.data.name }) : t('list.title');
  if (!valid)
    return (
      <Frame title={title}>
        <p role="alert">{t('editor.notFound')}</p>
      </Frame>
    );
  if (template.isPending)
    return (
      <Frame title={title}>
        <PageLoading />
      </Frame>
    );
  if (template.isError)
    return (
      <Frame title={title}>
        {isFinalFailure(template.error) ? (
          <p role="alert">{isOtherMarket(template.error) ? t('editor.otherMarket') : t('editor.notFound')}</p>
        ) : (
          <PageError message={template.error.message} onRetry={() => void template.refetch()} />
        )}
      </Frame>
    );
  const readOnly = staff.role !== 'admin';
  return (
    <Frame title={title}>
      {readOnly ? <p className="admin-notice">{t('list.readOnly')}</p> : null}
      <TemplateForm
        key={`${template.data.id}-${generation}`}
        template={template.data}
        market={template.data.market}
        markets={staff.markets}
        readOnly={readOnly}
        onReload={async () => {
          await template.refetch();
          setGeneration((g) => g + 1);
        }}
      />
      <FunnelPanel templateId={template.data.id} market={template.data.market} />
    </Frame>
  );
}

interface Draft {
  market: Market;
  name: string;
  appName: string;
  headline: string;
  subline: string;
  bannerUrl: string;
  primary: string;
  background: string;
  androidUrl: string;
  iosUrl: string;
}

function draftOf(template: AdminTemplate | null, market: Market): Draft {
  return {
    market: template?.market ?? market,
    name: template?.name ?? '',
    appName: template?.appName ?? 'Kredito',
    headline: template?.headline ?? '',
    subline: template?.subline ?? '',
    bannerUrl: template?.bannerUrl ?? '',
    // The brand's own pair (decision 007): a new template starts readable.
    primary: template?.theme.primary ?? '#087a50',
    background: template?.theme.background ?? '#e8f8f1',
    androidUrl: template?.androidUrl ?? '',
    iosUrl: template?.iosUrl ?? '',
  };
}

/** What will be sent, trimmed as the server trims it, so the rules judge the same text. */
function fieldsOf(d: Draft): TemplateFields {
  return {
    name: d.name.trim(),
    appName: d.appName.trim(),
    headline: d.headline.trim(),
    subline: d.subline.trim(),
    bannerUrl: d.bannerUrl.trim(),
    androidUrl: d.androidUrl.trim(),
    iosUrl: d.iosUrl.trim(),
    theme: { primary: d.primary.trim(), background: d.background.trim() },
  };
}

interface Failure {
  message: string;
  /** Someone saved a newer version: the editor offers to load it. */
  conflict?: boolean;
}

function TemplateForm({
  template,
  market,
  markets,
  readOnly = false,
  onReload,
}: {
  template: AdminTemplate | null;
  market: Market;
  markets: Market[];
  readOnly?: boolean;
  onReload?: () => Promise<void>;
}) {
  const { t } = useTranslation('channelsAdmin');
  const session = useStaffSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [current, setCurrent] = useState(template);
  const [draft, setDraft] = useState<Draft>(() => draftOf(template, market));
  /** Fields whose message shows: left once, or all after a save was tried. */
  const [shown, setShown] = useState<ReadonlySet<TemplateField> | 'all'>(() => new Set());
  const [failure, setFailure] = useState<Failure | null>(null);
  const [saving, setSaving] = useState(false);
  const savingNow = useRef(false);
  const prefix = useId();
  const errorId = `${prefix}-error`;
  const idOf = (field: TemplateField) => `${prefix}-${field}`;
  const isNew = template === null;
  const fields = useMemo(() => fieldsOf(draft), [draft]);
  const problems = useMemo(() => templateProblems(fields, looksBlank), [fields]);

  const problemOf = (field: TemplateField): TemplateProblem | undefined =>
    shown === 'all' || shown.has(field) ? problems.find((p) => p.field === field) : undefined;
  const set = (key: keyof Draft, value: string) => {
    setDraft((d) => ({ ...d, [key]: value }));
    if (failure && !failure.conflict) setFailure(null);
  };
  const leave = (field: TemplateField) =>
    setShown((s) => (s === 'all' || s.has(field) ? s : new Set([...s, field])));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (savingNow.current || readOnly) return;
    if (problems.length) {
      // The rule lists problems in the editor's order: the first one is the first field to fix.
      flushSync(() => {
        setShown('all');
        setFailure({ message: t('editor.fixFields') });
      });
      document.getElementById(idOf(problems[0]!.field))?.focus();
      return;
    }
    setFailure(null);
    savingNow.current = true;
    setSaving(true);
    const result = current
      ? await updateTemplate(current.id, { ...fields, version: current.updatedAt }, session.csrfToken)
      : await createTemplate({ market: draft.market, ...fields }, session.csrfToken);
    savingNow.current = false;
    setSaving(false);
    if (!result.ok || !result.data) {
      flushSync(() => setFailure({ message: result.message, conflict: String(result.code) === '409' }));
      document.getElementById(errorId)?.focus();
      return;
    }
    const saved = result.data;
    queryClient.setQueryData(channelKeys.one(saved.id), saved);
    await queryClient.invalidateQueries({ queryKey: [...channelKeys.all, 'list'] });
    if (isNew) {
      toast.show(t('editor.createdToast'));
      await navigate(ADMIN_ROUTES.channel(saved.id), { replace: true });
      return;
    }
    setCurrent(saved);
    setDraft(draftOf(saved, saved.market));
    toast.show(t('editor.saved'));
  };

  const fieldProps = (field: TemplateField) => ({
    id: idOf(field),
    label: t(`editor.${field}`),
    problem: problemOf(field),
    problemText: (p: TemplateProblem) => t(problemKey(p), { replace: problemVars(p, fields) }),
    onBlur: () => leave(field),
  });
  const counted = (field: 'name' | 'appName' | 'headline' | 'subline', hint?: string) => (
    <TextField
      {...fieldProps(field)}
      value={draft[field]}
      onChange={(v) => set(field, v)}
      hint={[hint, t('editor.characters', { count: fields[field].length, max: limitOf(field) })]
        .filter(Boolean)
        .join(' · ')}
    />
  );
  const link = (field: 'bannerUrl' | 'androidUrl' | 'iosUrl', hint: string) => (
    <TextField
      {...fieldProps(field)}
      value={draft[field]}
      onChange={(v) => set(field, v)}
      hint={hint}
      inputMode="url"
      spellCheck={false}
    />
  );
  const colour = (field: 'primary' | 'background', hint: string) => (
    <ColourField
      {...fieldProps(field)}
      value={draft[field]}
      onChange={(v) => set(field, v)}
      hint={hint}
      pickerLabel={t('editor.colourPicker', { label: t(`editor.${field}`) })}
    />
  );

  return (
    <>
      {current ? (
        <div className="admin-card channels-status">
          <p>
            <span className="admin-label">{t('editor.publicLink')}: </span>
            <PublicLink template={current} />
          </p>
          <LiveSwitch template={current} canChange={!readOnly} onChanged={setCurrent} />
          <p className="admin-muted">{current.enabled ? t('editor.liveNote') : t('editor.offNote')}</p>
        </div>
      ) : null}
      <form className="channels-form" onSubmit={submit} noValidate aria-describedby={errorId}>
        <div className="channels-editor">
          <fieldset className="admin-fieldset channels-fields" disabled={readOnly}>
            <Section title={t('editor.sections.template')}>
              {isNew ? (
                markets.length > 1 ? (
                  <MarketRadios
                    legend={t('editor.market')}
                    name={`${prefix}-market`}
                    markets={markets}
                    value={draft.market}
                    onChange={(m) => set('market', m)}
                  />
                ) : null
              ) : (
                <MarketLine market={draft.market} />
              )}
              {counted('name', t('editor.nameHint'))}
              {counted('appName', t('editor.appNameHint'))}
            </Section>
            <Section title={t('editor.sections.page')}>
              {counted('headline')}
              {counted('subline')}
            </Section>
            <Section title={t('editor.sections.look')}>
              {link('bannerUrl', t('editor.bannerHint'))}
              {colour('primary', t('editor.primaryHint'))}
              {colour('background', t('editor.backgroundHint'))}
            </Section>
            <Section title={t('editor.sections.stores')}>
              {link('androidUrl', t('editor.storeHint'))}
              {link('iosUrl', t('editor.storeHint'))}
            </Section>
          </fieldset>
          <TemplatePreview template={{ ...fields, market: draft.market }} />
        </div>
        <div id={errorId} className="admin-form-error" role="alert" tabIndex={-1}>
          {failure?.message ?? ''}
        </div>
        {readOnly ? null : (
          <div className="admin-actions">
            {failure?.conflict && onReload ? (
              <button type="button" className="admin-button" onClick={() => void onReload()}>
                {t('editor.reload')}
              </button>
            ) : null}
            <button type="submit" className="admin-button admin-button-primary" disabled={saving}>
              {saving ? t('editor.saving') : isNew ? t('editor.create') : t('editor.save')}
            </button>
          </div>
        )}
      </form>
    </>
  );
}

function MarketLine({ market }: { market: Market }) {
  const { t } = useTranslation('channelsAdmin');
  const { t: ta } = useTranslation('admin');
  return (
    <p>
      <span className="admin-label">{t('editor.market')}: </span>
      {ta(`markets.${market}`)}
    </p>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="admin-card channels-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {children}
    </section>
  );
}

interface FieldProps {
  id: string;
  label: string;
  value: string;
  hint?: string;
  problem: TemplateProblem | undefined;
  problemText: (p: TemplateProblem) => string;
  onChange: (value: string) => void;
  onBlur: () => void;
}

/** Wires a field's hint and message to its input, and marks it while it has a problem. */
function describe(id: string, hint: string | undefined, problem: TemplateProblem | undefined) {
  const describedBy = [problem ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return {
    ...(problem ? { 'aria-invalid': true as const } : {}),
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
  };
}

function FieldFoot({
  id,
  hint,
  problem,
  problemText,
}: Pick<FieldProps, 'id' | 'hint' | 'problem' | 'problemText'>) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="admin-hint admin-muted">
          {hint}
        </p>
      ) : null}
      {problem ? (
        <p id={`${id}-error`} className="admin-field-error">
          {problemText(problem)}
        </p>
      ) : null}
    </>
  );
}

function TextField({
  id,
  label,
  value,
  hint,
  problem,
  problemText,
  onChange,
  onBlur,
  inputMode,
  spellCheck,
}: FieldProps & { inputMode?: 'url'; spellCheck?: boolean }) {
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        inputMode={inputMode}
        spellCheck={spellCheck}
        autoComplete="off"
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        {...describe(id, hint, problem)}
      />
      <FieldFoot id={id} hint={hint} problem={problem} problemText={problemText} />
    </div>
  );
}

/**
 * A colour typed as `#rrggbb` or picked with the system's picker; both edit the same value. The picker
 * cannot show a colour that is not one yet, so it shows black until the text is a colour.
 */
function ColourField({ pickerLabel, ...props }: FieldProps & { pickerLabel: string }) {
  const { id, label, value, hint, problem, problemText, onChange, onBlur } = props;
  const valid = COLOUR_PATTERN.test(value.trim());
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <div className="channels-colour">
        <input
          id={id}
          value={value}
          spellCheck={false}
          autoComplete="off"
          maxLength={20}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
          {...describe(id, hint, problem)}
        />
        <input
          type="color"
          aria-label={pickerLabel}
          value={valid ? value.trim().toLowerCase() : '#000000'}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
        />
      </div>
      <FieldFoot id={id} hint={hint} problem={problem} problemText={problemText} />
    </div>
  );
}
