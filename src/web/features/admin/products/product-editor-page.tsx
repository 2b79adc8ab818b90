import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { AdminErrorCode, AdminProduct } from '../../../../shared/contract/admin.ts';
import { formatMoney } from '../../../../shared/domain/money.ts';
import { PRODUCT_BOUNDS, productProblems } from '../../../../shared/domain/product.ts';
import { isMarket, type Lang, type Market } from '../../../../shared/markets.ts';
import { ApiFailure, isNotFound } from '../../../lib/api-query.ts';
import { toast } from '../../../lib/toast.ts';
import { PageError, PageLoading } from '../../../ui/page-state.tsx';
import { useStaffSession } from '../admin-api.ts';
import { ADMIN_ROUTES } from '../admin-paths.ts';
import { MarketRadios, useLang } from '../admin-ui.tsx';
import { ProductPreview } from './product-preview.tsx';
import { createProduct, fetchProduct, productKeys, updateProduct } from './products-api.ts';
import {
  type Draft,
  draftOf,
  FEE_NAMES,
  type FeeDraft,
  type FieldError,
  type FieldKey,
  fieldsOf,
  MONEY_DECIMALS,
  newFee,
  newTier,
  parseMoney,
  readDraft,
  TAG_LENGTH_MAX,
  type TierDraft,
} from './terms-form.ts';
import '../admin.css';

/** The admin API's "exists, but in a market you do not work on" (contract/admin.ts, checked by type). */
const OTHER_MARKET: AdminErrorCode = '40301';
const isOtherMarket = (error: unknown) => error instanceof ApiFailure && String(error.code) === OTHER_MARKET;
const isFinal = (error: unknown) => isOtherMarket(error) || isNotFound(error);

/** Top to bottom, as the form shows them: the first marked field is the one focused. */
const FIELD_ORDER: FieldKey[] = [
  'code',
  'name',
  'logoUrl',
  'sort',
  'dailyQuota',
  'amountMin',
  'amountMax',
  'amountStep',
  'termDays',
  'installments',
  'dailyInterest',
  'fees',
  'lateFeeNew',
  'lateFeeRepeat',
  'tiers',
  'coolingOffDays',
  'earlyMinDay',
  'earlyMinShare',
  'extensionFee',
  'extensionDays',
  'copyEnTags',
  'copyIdTags',
];

function Frame({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('admin');
  const headingId = useId();
  return (
    <article className="admin-page" aria-labelledby={headingId}>
      <title>{`${title} · ${t('app.title')}`}</title>
      <p>
        <Link to={ADMIN_ROUTES.products}>{t('productEditor.back')}</Link>
      </p>
      <h1 id={headingId}>{title}</h1>
      {children}
    </article>
  );
}

/** A new product, in the market the list was showing (`?market=`), off offer until switched on. */
export function NewProductPage() {
  const { t } = useTranslation('admin');
  const { staff } = useStaffSession();
  const [params] = useSearchParams();
  const asked = params.get('market')?.toUpperCase();
  const market: Market =
    isMarket(asked) && staff.markets.includes(asked) ? asked : (staff.markets[0] ?? 'IN');
  const title = t('productEditor.newTitle');
  if (staff.role !== 'admin')
    return (
      <Frame title={title}>
        <p className="admin-notice" role="alert">
          {t('products.readOnly')}
        </p>
      </Frame>
    );
  return (
    <Frame title={title}>
      <ProductForm product={null} market={market} markets={staff.markets} />
    </Frame>
  );
}

/** A product with its terms: editable by administrators, shown to agents of its market. */
export function ProductPage() {
  const { t } = useTranslation('admin');
  const { staff } = useStaffSession();
  const { id: rawId } = useParams();
  const id = Number(rawId);
  const valid = Number.isInteger(id) && id > 0;
  const product = useQuery({
    queryKey: productKeys.one(id),
    queryFn: () => fetchProduct(id),
    enabled: valid,
    retry: (failures, error) => failures < 1 && !isFinal(error),
  });
  const title = product.data ? t('productEditor.title', { name: product.data.name }) : t('products.title');
  if (!valid)
    return (
      <Frame title={title}>
        <p role="alert">{t('productEditor.notFound')}</p>
      </Frame>
    );
  if (product.isPending)
    return (
      <Frame title={title}>
        <PageLoading />
      </Frame>
    );
  if (product.isError)
    return (
      <Frame title={title}>
        {isFinal(product.error) ? (
          <p role="alert">
            {isOtherMarket(product.error) ? t('productEditor.otherMarket') : t('productEditor.notFound')}
          </p>
        ) : (
          <PageError message={product.error.message} onRetry={() => void product.refetch()} />
        )}
      </Frame>
    );
  return (
    <Frame title={title}>
      <p className="admin-muted">
        {product.data.enabled ? t('productEditor.offeredNote') : t('productEditor.notOfferedNote')}
      </p>
      {staff.role === 'admin' ? null : <p className="admin-notice">{t('products.readOnly')}</p>}
      <ProductForm
        key={product.data.id}
        product={product.data}
        market={product.data.market}
        markets={staff.markets}
        readOnly={staff.role !== 'admin'}
      />
    </Frame>
  );
}

interface Failure {
  message: string;
  /** The fields the refusal is about; none when it is about the whole form. */
  fields: FieldKey[];
}

function ProductForm({
  product,
  market,
  markets,
  readOnly = false,
}: {
  product: AdminProduct | null;
  market: Market;
  markets: Market[];
  readOnly?: boolean;
}) {
  const { t } = useTranslation('admin');
  const lang = useLang();
  const session = useStaffSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<Draft>(() => draftOf(product, market));
  /** Fields that could not be read at the last save, with why. */
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FieldKey, FieldError>>>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const [saving, setSaving] = useState(false);
  const savingNow = useRef(false);
  const prefix = useId();
  const errorId = `${prefix}-error`;
  const idOf = (field: FieldKey) => `${prefix}-${field}`;
  const isNew = product === null;
  const read = useMemo(() => readDraft(draft, { isNew }), [draft, isNew]);

  const forget = (field: FieldKey) => {
    setFieldErrors((e) => {
      if (!e[field]) return e;
      const { [field]: _gone, ...rest } = e;
      return rest;
    });
    setFailure((f) => {
      if (!f?.fields.includes(field)) return f;
      const fields = f.fields.filter((x) => x !== field);
      return fields.length ? { ...f, fields } : null;
    });
  };
  const set = <K extends keyof Draft>(key: K, value: Draft[K], field: FieldKey | null = key as FieldKey) => {
    setDraft((d) => ({ ...d, [key]: value }));
    if (field) forget(field);
  };

  /** Shows what is wrong and takes the operator to the first field it is about (or the message). */
  const fail = (next: Failure, errors: Partial<Record<FieldKey, FieldError>> = {}) => {
    flushSync(() => {
      setFailure(next);
      setFieldErrors(errors);
    });
    const first = FIELD_ORDER.find((f) => next.fields.includes(f));
    const target = first ? document.getElementById(idOf(first)) : document.getElementById(errorId);
    target?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (savingNow.current || readOnly) return;
    if (!read.body) {
      const fields = FIELD_ORDER.filter((f) => read.errors[f]);
      fail({ message: t('productEditor.fixFields'), fields }, read.errors);
      return;
    }
    setFailure(null);
    setFieldErrors({});
    savingNow.current = true;
    setSaving(true);
    const result = isNew
      ? await createProduct(
          { market: draft.market, code: draft.code.trim(), ...read.body },
          session.csrfToken,
        )
      : await updateProduct(product.id, read.body, session.csrfToken);
    savingNow.current = false;
    setSaving(false);
    if (!result.ok || !result.data) {
      // The server says what is wrong; the same check, run here, says which fields that is about.
      const fields =
        String(result.code) === '409'
          ? (['code'] as FieldKey[])
          : read.terms
            ? productProblems(draft.market, read.terms).flatMap(fieldsOf)
            : [];
      fail({ message: result.message, fields });
      return;
    }
    const saved = result.data;
    queryClient.setQueryData(productKeys.one(saved.id), saved);
    await queryClient.invalidateQueries({ queryKey: productKeys.list(saved.market) });
    if (isNew) {
      toast.show(t('productEditor.created'));
      await navigate(ADMIN_ROUTES.product(saved.id), { replace: true });
    } else {
      toast.show(t('productEditor.saved'));
    }
  };

  const errorText = (field: FieldKey) => {
    const e = fieldErrors[field];
    return e ? t(`productEditor.invalid.${e.key}`, e.vars ?? {}) : null;
  };
  /** Props that mark a field: its own message, or the form's message when the server named it. */
  const marking = (field: FieldKey, hintId?: string): Marking => {
    const own = fieldErrors[field] ? `${idOf(field)}-error` : null;
    const server = failure?.fields.includes(field) ? errorId : null;
    const describedBy = [own, server, hintId].filter(Boolean).join(' ');
    return {
      ...(own || server ? { 'aria-invalid': true as const } : {}),
      ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    };
  };
  const fieldProps = { idOf, marking, errorText };
  const money = (minorText: string) => {
    const minor = parseMoney(minorText, draft.market);
    return minor === null ? '' : formatMoney(minor, draft.market);
  };
  const moneyHint = t(`productEditor.moneyHint.${draft.market}`);
  const formError = failure?.message ?? '';

  return (
    <form className="admin-product-form" onSubmit={submit} noValidate aria-describedby={errorId}>
      <fieldset className="admin-fieldset admin-product-sections" disabled={readOnly}>
        <Section title={t('productEditor.sections.product')}>
          {isNew ? (
            markets.length > 1 ? (
              <MarketRadios
                legend={t('productEditor.market')}
                name={`${prefix}-market`}
                markets={markets}
                value={draft.market}
                onChange={(m) => set('market', m, null)}
              />
            ) : null
          ) : (
            <p>
              <span className="admin-label">{t('productEditor.market')}: </span>
              {t(`markets.${draft.market}`)}
            </p>
          )}
          <div className="admin-product-grid">
            {isNew ? (
              <TextField
                {...fieldProps}
                field="code"
                label={t('productEditor.code')}
                hint={t('productEditor.codeHint')}
                value={draft.code}
                onChange={(v) => set('code', v)}
                autoComplete="off"
              />
            ) : (
              <p>
                <span className="admin-label">{t('productEditor.code')}: </span>
                <code>{draft.code}</code>
              </p>
            )}
            <TextField
              {...fieldProps}
              field="name"
              label={t('productEditor.name')}
              value={draft.name}
              onChange={(v) => set('name', v)}
            />
            <TextField
              {...fieldProps}
              field="logoUrl"
              label={t('productEditor.logoUrl')}
              hint={t('productEditor.logoHint')}
              value={draft.logoUrl}
              onChange={(v) => set('logoUrl', v)}
              inputMode="url"
            />
            <TextField
              {...fieldProps}
              field="sort"
              label={t('productEditor.sort')}
              value={draft.sort}
              onChange={(v) => set('sort', v)}
              inputMode="numeric"
            />
            <TextField
              {...fieldProps}
              field="dailyQuota"
              label={t('productEditor.dailyQuota')}
              hint={t('productEditor.dailyQuotaHint')}
              value={draft.dailyQuota}
              onChange={(v) => set('dailyQuota', v)}
              inputMode="numeric"
            />
          </div>
        </Section>

        <Section title={t('productEditor.sections.amounts')}>
          <p className="admin-hint admin-muted">{moneyHint}</p>
          <div className="admin-product-grid">
            {(['amountMin', 'amountMax', 'amountStep'] as const).map((field) => (
              <TextField
                {...fieldProps}
                key={field}
                field={field}
                label={t(`productEditor.${field}`)}
                value={draft[field]}
                onChange={(v) => set(field, v)}
                inputMode={MONEY_DECIMALS[draft.market] ? 'decimal' : 'numeric'}
                echo={money(draft[field])}
              />
            ))}
          </div>
        </Section>

        <Section title={t('productEditor.sections.terms')}>
          <div className="admin-product-grid">
            <TextField
              {...fieldProps}
              field="termDays"
              label={t('productEditor.termDays')}
              hint={t('productEditor.termDaysHint')}
              value={draft.termDays}
              onChange={(v) => set('termDays', v)}
            />
            <TextField
              {...fieldProps}
              field="installments"
              label={t('productEditor.installments')}
              hint={t('productEditor.installmentsHint')}
              value={draft.installments}
              onChange={(v) => set('installments', v)}
              inputMode="numeric"
            />
          </div>
        </Section>

        <Section title={t('productEditor.sections.costs')}>
          <div className="admin-product-grid">
            <TextField
              {...fieldProps}
              field="dailyInterest"
              label={t('productEditor.dailyInterest')}
              hint={t('productEditor.dailyInterestHint')}
              value={draft.dailyInterest}
              onChange={(v) => set('dailyInterest', v)}
              inputMode="decimal"
            />
          </div>
          <FeesEditor
            {...fieldProps}
            fees={draft.fees}
            market={draft.market}
            moneyHint={moneyHint}
            onChange={(fees) => set('fees', fees)}
          />
        </Section>

        <Section title={t('productEditor.sections.late')}>
          <p className="admin-hint admin-muted">{t('productEditor.lateFeeHint')}</p>
          <div className="admin-product-grid">
            {(['lateFeeNew', 'lateFeeRepeat'] as const).map((field) => (
              <TextField
                {...fieldProps}
                key={field}
                field={field}
                label={t(`productEditor.${field}`)}
                value={draft[field]}
                onChange={(v) => set(field, v)}
                inputMode={MONEY_DECIMALS[draft.market] ? 'decimal' : 'numeric'}
                echo={money(draft[field])}
              />
            ))}
          </div>
          <TiersEditor {...fieldProps} tiers={draft.tiers} onChange={(tiers) => set('tiers', tiers)} />
        </Section>

        <Section title={t('productEditor.sections.rights')}>
          <p className="admin-hint admin-muted">{t('productEditor.earlyHint')}</p>
          <div className="admin-product-grid">
            {(['coolingOffDays', 'earlyMinDay', 'earlyMinShare'] as const).map((field) => (
              <TextField
                {...fieldProps}
                key={field}
                field={field}
                label={t(`productEditor.${field === 'coolingOffDays' ? 'coolingOff' : field}`)}
                value={draft[field]}
                onChange={(v) => set(field, v)}
                inputMode={field === 'earlyMinShare' ? 'decimal' : 'numeric'}
              />
            ))}
          </div>
        </Section>

        <Section title={t('productEditor.sections.extension')}>
          <div className="admin-check">
            <input
              id={`${prefix}-extensionOn`}
              type="checkbox"
              checked={draft.extensionOn}
              onChange={(e) => {
                set('extensionOn', e.target.checked, null);
                forget('extensionFee');
                forget('extensionDays');
              }}
            />
            <label htmlFor={`${prefix}-extensionOn`}>{t('productEditor.extensionOn')}</label>
          </div>
          {draft.extensionOn ? (
            <div className="admin-product-grid">
              <TextField
                {...fieldProps}
                field="extensionFee"
                label={t('productEditor.extensionFee')}
                value={draft.extensionFee}
                onChange={(v) => set('extensionFee', v)}
                inputMode="decimal"
              />
              <TextField
                {...fieldProps}
                field="extensionDays"
                label={t('productEditor.extensionDays')}
                value={draft.extensionDays}
                onChange={(v) => set('extensionDays', v)}
                inputMode="numeric"
              />
            </div>
          ) : null}
        </Section>

        <Section title={t('productEditor.sections.copy')}>
          <div className="admin-bilingual-fields admin-product-copy">
            {(
              [
                { key: 'copyEn', lang: 'en', label: t('productEditor.english'), tags: 'copyEnTags' },
                { key: 'copyId', lang: 'id', label: t('productEditor.indonesian'), tags: 'copyIdTags' },
              ] as const
            )
              .slice()
              .sort((a, b) => (a.lang === lang ? -1 : b.lang === lang ? 1 : 0))
              .map((c) => (
                <CopyFields
                  {...fieldProps}
                  key={c.key}
                  lang={c.lang}
                  title={c.label}
                  tagsField={c.tags}
                  value={draft[c.key]}
                  onChange={(copy, field) => set(c.key, copy, field)}
                />
              ))}
          </div>
        </Section>
      </fieldset>

      <ProductPreview market={draft.market} terms={read.terms} />

      <div id={errorId} className="admin-form-error" role="alert" tabIndex={-1}>
        {formError}
      </div>
      {readOnly ? null : (
        <div className="admin-actions">
          <button type="submit" className="admin-button admin-button-primary" disabled={saving}>
            {saving ? t('productEditor.saving') : isNew ? t('productEditor.create') : t('productEditor.save')}
          </button>
        </div>
      )}
    </form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="admin-card admin-product-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {children}
    </section>
  );
}

interface Marking {
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

interface FieldProps {
  idOf: (field: FieldKey) => string;
  marking: (field: FieldKey, hintId?: string) => Marking;
  errorText: (field: FieldKey) => string | null;
}

function FieldMessage({ id, text }: { id: string; text: string | null }) {
  return text ? (
    <p id={id} className="admin-field-error">
      {text}
    </p>
  ) : null;
}

function TextField({
  idOf,
  marking,
  errorText,
  field,
  label,
  hint,
  value,
  onChange,
  inputMode,
  echo,
  autoComplete,
}: FieldProps & {
  field: FieldKey;
  label: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  inputMode?: 'numeric' | 'decimal' | 'url';
  /** How the value reads (an amount in the market's money), announced with the field. */
  echo?: string;
  autoComplete?: string;
}) {
  const id = idOf(field);
  const hintId = hint || echo ? `${id}-hint` : undefined;
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        inputMode={inputMode}
        autoComplete={autoComplete}
        onChange={(e) => onChange(e.target.value)}
        {...marking(field, hintId)}
      />
      {hintId ? (
        <p id={hintId} className="admin-hint admin-muted">
          {[echo, hint].filter(Boolean).join(' · ')}
        </p>
      ) : null}
      <FieldMessage id={`${id}-error`} text={errorText(field)} />
    </div>
  );
}

/** A group of rows (fees, late-charge tiers): focusable as one, marked as one. */
function RowGroup({
  idOf,
  marking,
  errorText,
  field,
  title,
  empty,
  addLabel,
  onAdd,
  canAdd,
  children,
}: FieldProps & {
  field: FieldKey;
  title: string;
  empty: string;
  addLabel: string;
  onAdd: () => void;
  canAdd: boolean;
  children: ReactNode[];
}) {
  const id = idOf(field);
  const mark = marking(field);
  return (
    <fieldset
      id={id}
      className={`admin-rows${mark['aria-invalid'] ? ' admin-rows-invalid' : ''}`}
      aria-describedby={mark['aria-describedby']}
      tabIndex={-1}
    >
      <legend className="admin-rows-title">{title}</legend>
      <FieldMessage id={`${id}-error`} text={errorText(field)} />
      {children.length ? (
        <ol className="admin-rows-list">{children}</ol>
      ) : (
        <p className="admin-muted">{empty}</p>
      )}
      <button type="button" className="admin-button" onClick={onAdd} disabled={!canAdd}>
        {addLabel}
      </button>
    </fieldset>
  );
}

const FEES_MAX = PRODUCT_BOUNDS.feesMax;
const TIERS_MAX = PRODUCT_BOUNDS.tiersMax;

function FeesEditor({
  fees,
  market,
  moneyHint,
  onChange,
  ...fieldProps
}: FieldProps & {
  fees: FeeDraft[];
  market: Market;
  moneyHint: string;
  onChange: (fees: FeeDraft[]) => void;
}) {
  const { t } = useTranslation('admin');
  const base = fieldProps.idOf('fees');
  const change = (key: number, patch: Partial<FeeDraft>) =>
    onChange(fees.map((f) => (f.key === key ? { ...f, ...patch } : f)));
  return (
    <RowGroup
      {...fieldProps}
      field="fees"
      title={t('productEditor.fees')}
      empty={t('productEditor.noFees')}
      addLabel={t('productEditor.addFee')}
      onAdd={() => onChange([...fees, newFee()])}
      canAdd={fees.length < FEES_MAX}
    >
      {fees.map((fee, i) => {
        const n = i + 1;
        const id = `${base}-${fee.key}`;
        const names: string[] = FEE_NAMES.includes(fee.name as (typeof FEE_NAMES)[number])
          ? [...FEE_NAMES]
          : [...FEE_NAMES, fee.name];
        return (
          <li key={fee.key}>
            <fieldset className="admin-row">
              <legend>{t('productEditor.feeLegend', { n })}</legend>
              <div className="admin-field">
                <label htmlFor={`${id}-name`}>{t('productEditor.feeName')}</label>
                <select
                  id={`${id}-name`}
                  value={fee.name}
                  onChange={(e) => change(fee.key, { name: e.target.value })}
                >
                  {names.map((name) => (
                    <option key={name} value={name}>
                      {t(`productEditor.feeNames.${name}`, { defaultValue: name })}
                    </option>
                  ))}
                </select>
              </div>
              <div className="admin-field">
                <label htmlFor={`${id}-kind`}>{t('productEditor.feeKind')}</label>
                <select
                  id={`${id}-kind`}
                  value={fee.kind}
                  onChange={(e) => change(fee.key, { kind: e.target.value as FeeDraft['kind'] })}
                >
                  <option value="percent">{t('productEditor.percent')}</option>
                  <option value="fixed">{t('productEditor.fixed')}</option>
                </select>
              </div>
              <div className="admin-field">
                <label htmlFor={`${id}-value`}>{t('productEditor.feeValue')}</label>
                <input
                  id={`${id}-value`}
                  value={fee.value}
                  inputMode="decimal"
                  aria-describedby={fee.kind === 'fixed' ? `${id}-hint` : undefined}
                  onChange={(e) => change(fee.key, { value: e.target.value })}
                />
                {fee.kind === 'fixed' ? (
                  <p id={`${id}-hint`} className="admin-hint admin-muted">
                    {(() => {
                      const minor = parseMoney(fee.value, market);
                      return minor === null ? moneyHint : formatMoney(minor, market);
                    })()}
                  </p>
                ) : null}
              </div>
              <div className="admin-field">
                <label htmlFor={`${id}-timing`}>{t('productEditor.feeTiming')}</label>
                <select
                  id={`${id}-timing`}
                  value={fee.timing}
                  onChange={(e) => change(fee.key, { timing: e.target.value as FeeDraft['timing'] })}
                >
                  <option value="upfront">{t('productEditor.upfront')}</option>
                  <option value="added">{t('productEditor.added')}</option>
                </select>
              </div>
              <button
                type="button"
                className="admin-button admin-row-remove"
                onClick={() => onChange(fees.filter((f) => f.key !== fee.key))}
              >
                {t('productEditor.removeFee', { n })}
              </button>
            </fieldset>
          </li>
        );
      })}
    </RowGroup>
  );
}

function TiersEditor({
  tiers,
  onChange,
  ...fieldProps
}: FieldProps & { tiers: TierDraft[]; onChange: (tiers: TierDraft[]) => void }) {
  const { t } = useTranslation('admin');
  const base = fieldProps.idOf('tiers');
  const change = (key: number, patch: Partial<TierDraft>) =>
    onChange(tiers.map((x) => (x.key === key ? { ...x, ...patch } : x)));
  return (
    <RowGroup
      {...fieldProps}
      field="tiers"
      title={t('productEditor.tiers')}
      empty={t('productEditor.noTiers')}
      addLabel={t('productEditor.addTier')}
      onAdd={() => onChange([...tiers, newTier()])}
      canAdd={tiers.length < TIERS_MAX}
    >
      {tiers.map((tier, i) => {
        const n = i + 1;
        const id = `${base}-${tier.key}`;
        return (
          <li key={tier.key}>
            <fieldset className="admin-row">
              <legend>{t('productEditor.tierLegend', { n })}</legend>
              <div className="admin-field">
                <label htmlFor={`${id}-from`}>{t('productEditor.tierFrom')}</label>
                <input
                  id={`${id}-from`}
                  value={tier.fromDay}
                  inputMode="numeric"
                  onChange={(e) => change(tier.key, { fromDay: e.target.value })}
                />
              </div>
              <div className="admin-field">
                <label htmlFor={`${id}-rate`}>{t('productEditor.tierRate')}</label>
                <input
                  id={`${id}-rate`}
                  value={tier.percent}
                  inputMode="decimal"
                  onChange={(e) => change(tier.key, { percent: e.target.value })}
                />
              </div>
              <button
                type="button"
                className="admin-button admin-row-remove"
                onClick={() => onChange(tiers.filter((x) => x.key !== tier.key))}
              >
                {t('productEditor.removeTier', { n })}
              </button>
            </fieldset>
          </li>
        );
      })}
    </RowGroup>
  );
}

function CopyFields({
  lang,
  title,
  tagsField,
  value,
  onChange,
  ...fieldProps
}: FieldProps & {
  lang: Lang;
  title: string;
  tagsField: FieldKey;
  value: Draft['copyEn'];
  onChange: (copy: Draft['copyEn'], field: FieldKey | null) => void;
}) {
  const { t } = useTranslation('admin');
  const id = fieldProps.idOf(tagsField);
  const descriptionId = `${id}-description`;
  const hintId = `${id}-hint`;
  return (
    <fieldset className="admin-fieldset admin-product-copy-lang" lang={lang}>
      <legend className="admin-lang-tag">{title}</legend>
      <div className="admin-field">
        <label htmlFor={descriptionId}>{t('productEditor.description')}</label>
        <textarea
          id={descriptionId}
          rows={3}
          maxLength={300}
          value={value.description}
          onChange={(e) => onChange({ ...value, description: e.target.value }, null)}
        />
      </div>
      <div className="admin-field">
        <label htmlFor={id}>{t('productEditor.tags')}</label>
        <input
          id={id}
          value={value.tags}
          onChange={(e) => onChange({ ...value, tags: e.target.value }, tagsField)}
          {...fieldProps.marking(tagsField, hintId)}
        />
        <p id={hintId} className="admin-hint admin-muted">
          {t('productEditor.tagsHint', { max: PRODUCT_BOUNDS.tagsMax, length: TAG_LENGTH_MAX })}
        </p>
        <FieldMessage id={`${id}-error`} text={fieldProps.errorText(tagsField)} />
      </div>
    </fieldset>
  );
}
