import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { type FieldError, type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { z } from 'zod';
import {
  COLOUR_PATTERN,
  limitOf,
  looksBlank,
  problemVars,
  type TemplateField,
  type TemplateFields,
  templateProblems,
} from '../../../../shared/contract/channels-admin.ts';
import {
  type AdminTemplate,
  type TemplateCreateBody,
  type TemplateUpdateBody,
  templateCreateBody,
  templateUpdateBody,
} from '../../../../shared/contract/channels-admin-schema.ts';
import { isMarket, MARKETS, type Market } from '../../../../shared/markets.ts';
import { useApiMutation } from '../../../lib/api-mutation.ts';
import { ApiFailure } from '../../../lib/api-query.ts';
import { toast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.tsx';
import { PageError, PageLoading } from '../../../ui/page-state.tsx';
import { isFinalFailure, isOtherMarket, useStaffSession } from '../admin-api.ts';
import { copyKey, Field, FieldFoot, FormAlert, fieldAria, formResolver, SERVER } from '../admin-form.tsx';
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

/** The editor's text, judged by the rules the server runs (`templateProblems`), each at its field. */
const draftSchema = z
  .object({
    market: z.enum(MARKETS),
    ...Object.fromEntries(
      (
        [
          'name',
          'appName',
          'headline',
          'subline',
          'bannerUrl',
          'primary',
          'background',
          'androidUrl',
          'iosUrl',
        ] as const
      ).map((k) => [k, z.string()]),
    ),
  } as { [K in keyof Draft]: K extends 'market' ? z.ZodEnum<{ IN: 'IN'; ID: 'ID' }> : z.ZodString })
  .superRefine((d, ctx) => {
    const fields = fieldsOf(d);
    for (const p of templateProblems(fields, looksBlank))
      ctx.addIssue({
        code: 'custom',
        path: [p.field],
        message: copyKey(`channelsAdmin:problems.${p.field}.${p.code}`, problemVars(p, fields)),
      });
  });

/** A new template's body (`POST`), held to the contract's schema. */
const createForm = draftSchema
  .transform((d): TemplateCreateBody => ({ market: d.market, ...fieldsOf(d) }))
  .pipe(templateCreateBody);
/** A saved template's body (`PUT`), naming the version the editor started from. */
const updateForm = (version: string) =>
  draftSchema.transform((d): TemplateUpdateBody => ({ ...fieldsOf(d), version })).pipe(templateUpdateBody);
type Body = z.output<typeof createForm> | z.output<ReturnType<typeof updateForm>>;

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
  /** The template as last saved: its version is what the next save names. */
  const [current, setCurrent] = useState(template);
  const isNew = template === null;
  const { register, handleSubmit, setError, setValue, reset, watch, formState } = useForm<
    Draft,
    unknown,
    Body
  >({
    defaultValues: draftOf(template, market),
    // A field's message shows once it is left, or for all after a save was tried; then as it is typed.
    mode: 'onTouched',
    resolver: (values, context, options) =>
      formResolver<Draft, Body>(current ? updateForm(current.updatedAt) : createForm)(
        values,
        context,
        options,
      ),
  });
  const errors = formState.errors;
  const draft = watch();
  const fields = fieldsOf(draft);
  const prefix = useId();
  const errorId = `${prefix}-error`;
  const idOf = (field: TemplateField) => `${prefix}-${field}`;

  // Silent: the refusal shows at the form, which keeps what was typed.
  const save = useApiMutation({
    call: (body: Body) =>
      current
        ? updateTemplate(current.id, body as TemplateUpdateBody, session.csrfToken)
        : createTemplate(body as TemplateCreateBody, session.csrfToken),
    invalidates: [[...channelKeys.all, 'list']],
    onSuccess: async (saved) => {
      queryClient.setQueryData(channelKeys.one(saved.id), saved);
      if (isNew) {
        toast.show(t('editor.createdToast'));
        await navigate(ADMIN_ROUTES.channel(saved.id), { replace: true });
        return;
      }
      setCurrent(saved);
      reset(draftOf(saved, saved.market));
      toast.show(t('editor.saved'));
    },
    onError: (error) => {
      setError('root.server', { type: SERVER, message: error.message });
      document.getElementById(errorId)?.focus();
    },
  });
  /** Someone saved a newer version: the editor offers to load it. */
  const conflict = save.error instanceof ApiFailure && String(save.error.code) === '409';
  const fieldErrors = Object.keys(errors).some((k) => k !== 'root');
  const formError =
    errors.root?.server?.message ?? (formState.submitCount > 0 && fieldErrors ? t('editor.fixFields') : '');

  const fieldProps = (field: TemplateField) => ({
    id: idOf(field),
    label: t(`editor.${field}`),
    registration: register(field),
    error: errors[field],
  });
  const counted = (field: 'name' | 'appName' | 'headline' | 'subline', hint?: string) => (
    <Field
      {...fieldProps(field)}
      autoComplete="off"
      hint={[hint, t('editor.characters', { count: fields[field].length, max: limitOf(field) })]
        .filter(Boolean)
        .join(' · ')}
    />
  );
  const link = (field: 'bannerUrl' | 'androidUrl' | 'iosUrl', hint: string) => (
    <Field {...fieldProps(field)} hint={hint} inputMode="url" spellCheck={false} autoComplete="off" />
  );
  const colour = (field: 'primary' | 'background', hint: string) => (
    <ColourField
      {...fieldProps(field)}
      value={draft[field]}
      onPick={(v) => setValue(field, v, { shouldDirty: true, shouldTouch: true, shouldValidate: true })}
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
      <form
        className="channels-form"
        onSubmit={handleSubmit((body) => save.mutate(body))}
        noValidate
        aria-describedby={errorId}
      >
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
                    onChange={(m) => setValue('market', m)}
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
        <FormAlert id={errorId} text={formError} />
        {readOnly ? null : (
          <div className="admin-actions">
            {conflict && onReload ? (
              <button type="button" className="admin-button" onClick={() => void onReload()}>
                {t('editor.reload')}
              </button>
            ) : null}
            <button type="submit" className="admin-button admin-button-primary" disabled={save.isPending}>
              {save.isPending ? t('editor.saving') : isNew ? t('editor.create') : t('editor.save')}
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
  hint?: string;
  registration: UseFormRegisterReturn;
  error: FieldError | undefined;
}

/**
 * A colour typed as `#rrggbb` or picked with the system's picker; both edit the same value. The picker
 * cannot show a colour that is not one yet, so it shows black until the text is a colour.
 */
function ColourField({
  pickerLabel,
  value,
  onPick,
  ...props
}: FieldProps & { pickerLabel: string; value: string; onPick: (value: string) => void }) {
  const { id, label, hint, registration, error } = props;
  const valid = COLOUR_PATTERN.test(value.trim());
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <div className="channels-colour">
        <input
          id={id}
          spellCheck={false}
          autoComplete="off"
          maxLength={20}
          {...registration}
          {...fieldAria(id, error, { hint: Boolean(hint) })}
        />
        <input
          type="color"
          aria-label={pickerLabel}
          value={valid ? value.trim().toLowerCase() : '#000000'}
          onChange={(e) => onPick(e.target.value)}
        />
      </div>
      <FieldFoot id={id} hint={hint} error={error} />
    </div>
  );
}
