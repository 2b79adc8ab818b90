import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import {
  type Control,
  type FieldError,
  get,
  type UseFormRegister,
  useController,
  useFieldArray,
  useForm,
} from 'react-hook-form';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { z } from 'zod';
import type {
  AdminProduct,
  ProductCreateBody,
  productCreateBody,
  productUpdateBody,
} from '../../../../shared/contract/admin.ts';
import { FEE_NAMES, type FeeName } from '../../../../shared/contract/constants.ts';
import { formatMoney } from '../../../../shared/domain/money.ts';
import { PRODUCT_BOUNDS, productProblems } from '../../../../shared/domain/product.ts';
import { isMarket, type Market } from '../../../../shared/markets.ts';
import { useApiMutation } from '../../../lib/api-mutation.ts';
import { ApiFailure } from '../../../lib/api-query.ts';
import { toast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.tsx';
import { PageError, PageLoading } from '../../../ui/page-state.tsx';
import { isFinalFailure, isOtherMarket, useStaffSession } from '../admin-api.ts';
import { Field, FormAlert, formResolver, SERVER } from '../admin-form.tsx';
import { ADMIN_ROUTES } from '../admin-paths.ts';
import { MarketRadios, useLang } from '../admin-ui.tsx';
import { ProductPreview } from './product-preview.tsx';
import { createProduct, fetchProduct, productKeys, updateProduct } from './products-api.ts';
import {
  type FeeRow,
  fieldsOf,
  formOf,
  MONEY_DECIMALS,
  newFee,
  newTier,
  PROBLEM_FIELDS,
  type ProblemField,
  type ProductFormValues,
  parseMoney,
  productCreateForm,
  productUpdateForm,
  readTerms,
  TAG_LENGTH_MAX,
} from './terms-form.ts';
import '../admin.css';

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
        {isFinalFailure(product.error) ? (
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

/** What a save sends, as the contract's schema gave it back. */
type Body = z.output<typeof productCreateBody> | z.output<typeof productUpdateBody>;

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
  const prefix = useId();
  const errorId = `${prefix}-error`;
  const idOf = (path: string) => `${prefix}-${path}`;
  const isNew = product === null;
  const { register, control, handleSubmit, setError, setValue, watch, formState } = useForm<
    ProductFormValues,
    unknown,
    Body
  >({
    defaultValues: formOf(product, market),
    // The market decides how money is read (paise or whole rupiah); a new product's may change.
    resolver: (values, context, options) =>
      formResolver<ProductFormValues, Body>(
        isNew ? productCreateForm(values.market) : productUpdateForm(values.market),
      )(values, context, options),
  });
  const values = watch();
  const errors = formState.errors;

  const save = useApiMutation({
    call: (body: Body) =>
      isNew
        ? createProduct(body as ProductCreateBody, session.csrfToken)
        : updateProduct(product.id, body, session.csrfToken),
    invalidates: (saved) => [productKeys.list(saved.market)],
    onSuccess: async (saved) => {
      queryClient.setQueryData(productKeys.one(saved.id), saved);
      if (isNew) {
        toast.show(t('productEditor.created'));
        await navigate(ADMIN_ROUTES.product(saved.id), { replace: true });
      } else {
        toast.show(t('productEditor.saved'));
      }
    },
    onError: (error, body) => {
      // The server says what is wrong; the same check, run here, says which fields that is about.
      const named: (ProblemField | 'code')[] =
        error instanceof ApiFailure && String(error.code) === '409'
          ? ['code']
          : body.terms
            ? productProblems(values.market, body.terms).flatMap(fieldsOf)
            : [];
      setError('root.server', { type: SERVER, message: error.message });
      for (const field of named) setError(field, { type: SERVER });
      const first = ['code' as const, ...PROBLEM_FIELDS].find((f) => named.includes(f));
      document.getElementById(first ? idOf(first) : errorId)?.focus();
    },
  });

  const errorOf = (path: string): FieldError | undefined => get(errors, path);
  const fieldErrors = Object.keys(errors).some((k) => k !== 'root');
  const formError =
    errors.root?.server?.message ??
    (formState.submitCount > 0 && fieldErrors ? t('productEditor.fixFields') : '');
  const money = (text: string) => {
    const minor = parseMoney(text, values.market);
    return minor === null ? '' : formatMoney(minor, values.market);
  };
  const moneyHint = t(`productEditor.moneyHint.${values.market}`);
  /** A text field of the form, labelled with its own message unless told otherwise. */
  const textField = (field: TextKey, more: TextFieldOptions = {}) => {
    const { label, hint, echo, ...input } = more;
    const foot = [echo, hint].filter(Boolean).join(' · ');
    return (
      <Field
        key={field}
        id={idOf(field)}
        label={label ?? t(`productEditor.${labelKeyOf(field)}`)}
        registration={register(field)}
        error={errorOf(field)}
        hint={foot || undefined}
        formErrorId={errorId}
        {...input}
      />
    );
  };
  /** An amount in the market's money, read back as it will show. */
  const moneyField = (field: TextKey) =>
    textField(field, {
      inputMode: MONEY_DECIMALS[values.market] ? 'decimal' : 'numeric',
      echo: money(get(values, field)),
    });
  const rows = { control, register, errorOf, idOf, errorId };

  return (
    <form
      className="admin-product-form"
      onSubmit={handleSubmit((body) => save.mutate(body))}
      noValidate
      aria-describedby={errorId}
    >
      <fieldset className="admin-fieldset admin-product-sections" disabled={readOnly}>
        <Section title={t('productEditor.sections.product')}>
          {isNew ? (
            markets.length > 1 ? (
              <MarketRadios
                legend={t('productEditor.market')}
                name={`${prefix}-market`}
                markets={markets}
                value={values.market}
                onChange={(m) => setValue('market', m)}
              />
            ) : null
          ) : (
            <p>
              <span className="admin-label">{t('productEditor.market')}: </span>
              {t(`markets.${values.market}`)}
            </p>
          )}
          <div className="admin-product-grid">
            {isNew ? (
              textField('code', { hint: t('productEditor.codeHint'), autoComplete: 'off' })
            ) : (
              <p>
                <span className="admin-label">{t('productEditor.code')}: </span>
                <code>{values.code}</code>
              </p>
            )}
            {textField('name')}
            {textField('logoUrl', { hint: t('productEditor.logoHint'), inputMode: 'url' })}
            {textField('sort', { inputMode: 'numeric' })}
            {textField('dailyQuota', { hint: t('productEditor.dailyQuotaHint'), inputMode: 'numeric' })}
          </div>
        </Section>

        <Section title={t('productEditor.sections.amounts')}>
          <p className="admin-hint admin-muted">{moneyHint}</p>
          <div className="admin-product-grid">
            {(['amountMin', 'amountMax', 'amountStep'] as const).map(moneyField)}
          </div>
        </Section>

        <Section title={t('productEditor.sections.terms')}>
          <div className="admin-product-grid">
            {textField('termDays', { hint: t('productEditor.termDaysHint') })}
            {textField('installments', { hint: t('productEditor.installmentsHint'), inputMode: 'numeric' })}
          </div>
        </Section>

        <Section title={t('productEditor.sections.costs')}>
          <div className="admin-product-grid">
            {textField('dailyInterest', { hint: t('productEditor.dailyInterestHint'), inputMode: 'decimal' })}
          </div>
          <FeesEditor {...rows} fees={values.fees} market={values.market} moneyHint={moneyHint} />
        </Section>

        <Section title={t('productEditor.sections.late')}>
          <p className="admin-hint admin-muted">{t('productEditor.lateFeeHint')}</p>
          <div className="admin-product-grid">
            {(['lateFee.newBorrower', 'lateFee.repeatBorrower'] as const).map((field) =>
              textField(field, {
                label: t(`productEditor.${field === 'lateFee.newBorrower' ? 'lateFeeNew' : 'lateFeeRepeat'}`),
                inputMode: MONEY_DECIMALS[values.market] ? 'decimal' : 'numeric',
                echo: money(get(values, field)),
              }),
            )}
          </div>
          <TiersEditor {...rows} />
        </Section>

        <Section title={t('productEditor.sections.rights')}>
          <p className="admin-hint admin-muted">{t('productEditor.earlyHint')}</p>
          <div className="admin-product-grid">
            {textField('coolingOffDays', { label: t('productEditor.coolingOff'), inputMode: 'numeric' })}
            {textField('earlyMinDay', { inputMode: 'numeric' })}
            {textField('earlyMinShare', { inputMode: 'decimal' })}
          </div>
        </Section>

        <Section title={t('productEditor.sections.extension')}>
          <div className="admin-check">
            <input
              id={`${prefix}-extensionOn`}
              type="checkbox"
              // Its fields are read only while it is on: switching it judges them again.
              {...register('extension.on', { deps: ['extension.fee', 'extension.days'] })}
            />
            <label htmlFor={`${prefix}-extensionOn`}>{t('productEditor.extensionOn')}</label>
          </div>
          {values.extension.on ? (
            <div className="admin-product-grid">
              {textField('extension.fee', { label: t('productEditor.extensionFee'), inputMode: 'decimal' })}
              {textField('extension.days', { label: t('productEditor.extensionDays'), inputMode: 'numeric' })}
            </div>
          ) : null}
        </Section>

        <Section title={t('productEditor.sections.copy')}>
          <div className="admin-bilingual-fields admin-product-copy">
            {(
              [
                { lang: 'en', label: t('productEditor.english') },
                { lang: 'id', label: t('productEditor.indonesian') },
              ] as const
            )
              .slice()
              .sort((a, b) => (a.lang === lang ? -1 : b.lang === lang ? 1 : 0))
              .map((c) => (
                <fieldset key={c.lang} className="admin-fieldset admin-product-copy-lang" lang={c.lang}>
                  <legend className="admin-lang-tag">{c.label}</legend>
                  <Field
                    as="textarea"
                    id={idOf(`copy.${c.lang}.description`)}
                    label={t('productEditor.description')}
                    rows={3}
                    maxLength={300}
                    registration={register(`copy.${c.lang}.description`)}
                  />
                  <Field
                    id={idOf(`copy.${c.lang}.tags`)}
                    label={t('productEditor.tags')}
                    registration={register(`copy.${c.lang}.tags`)}
                    error={errorOf(`copy.${c.lang}.tags`)}
                    hint={t('productEditor.tagsHint', {
                      max: PRODUCT_BOUNDS.tagsMax,
                      length: TAG_LENGTH_MAX,
                    })}
                  />
                </fieldset>
              ))}
          </div>
        </Section>
      </fieldset>

      <ProductPreview market={values.market} terms={readTerms(values)} />

      <FormAlert id={errorId} text={formError} />
      {readOnly ? null : (
        <div className="admin-actions">
          <button type="submit" className="admin-button admin-button-primary" disabled={save.isPending}>
            {save.isPending
              ? t('productEditor.saving')
              : isNew
                ? t('productEditor.create')
                : t('productEditor.save')}
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

/** The form's fields typed as one line of text. */
type TextKey =
  | Exclude<keyof ProductFormValues, 'market' | 'fees' | 'tiers' | 'lateFee' | 'extension' | 'copy'>
  | 'lateFee.newBorrower'
  | 'lateFee.repeatBorrower'
  | 'extension.fee'
  | 'extension.days';

/** Fields whose label's copy key is not the field's own name. */
const LABEL_KEYS = {
  coolingOffDays: 'coolingOff',
  'lateFee.newBorrower': 'lateFeeNew',
  'lateFee.repeatBorrower': 'lateFeeRepeat',
  'extension.fee': 'extensionFee',
  'extension.days': 'extensionDays',
} as const;
type Renamed = keyof typeof LABEL_KEYS;
const isRenamed = (field: TextKey): field is Renamed => field in LABEL_KEYS;
/** The label's key under `productEditor` (typed, so a field without copy fails `tsc`). */
const labelKeyOf = (field: TextKey) => (isRenamed(field) ? LABEL_KEYS[field] : field);

interface TextFieldOptions {
  label?: string;
  hint?: string;
  inputMode?: 'numeric' | 'decimal' | 'url';
  /** How the value reads (an amount in the market's money), announced with the field. */
  echo?: string;
  autoComplete?: string;
}

interface RowsProps {
  control: Control<ProductFormValues, unknown, Body>;
  register: UseFormRegister<ProductFormValues>;
  errorOf: (path: string) => FieldError | undefined;
  idOf: (path: string) => string;
  errorId: string;
}

/**
 * Rows of one kind (fees, late-charge tiers), numbered and each removable; each row's fields carry their
 * own message, and the group is marked as one when the server's check is about the whole list.
 */
function RowsEditor({
  id,
  error,
  errorId,
  count,
  onAdd,
  onRemove,
  rowKey,
  max,
  labels,
  fields,
}: {
  id: string;
  error: FieldError | undefined;
  errorId: string;
  count: number;
  onAdd: () => void;
  onRemove: (i: number) => void;
  rowKey: (i: number) => string;
  max: number;
  labels: {
    title: string;
    empty: string;
    add: string;
    legend: (n: number) => string;
    remove: (n: number) => string;
  };
  /** One row's fields. */
  fields: (i: number) => ReactNode;
}) {
  const server = error?.type === SERVER ? error : undefined;
  return (
    <fieldset
      id={id}
      className={`admin-rows${server ? ' admin-rows-invalid' : ''}`}
      aria-describedby={server ? errorId : undefined}
      tabIndex={-1}
    >
      <legend className="admin-rows-title">{labels.title}</legend>
      {count ? (
        <ol className="admin-rows-list">
          {Array.from({ length: count }, (_, i) => (
            <li key={rowKey(i)}>
              <fieldset className="admin-row">
                <legend>{labels.legend(i + 1)}</legend>
                {fields(i)}
                <button type="button" className="admin-button admin-row-remove" onClick={() => onRemove(i)}>
                  {labels.remove(i + 1)}
                </button>
              </fieldset>
            </li>
          ))}
        </ol>
      ) : (
        <p className="admin-muted">{labels.empty}</p>
      )}
      <button type="button" className="admin-button" onClick={onAdd} disabled={count >= max}>
        {labels.add}
      </button>
    </fieldset>
  );
}

/** A choice of a row, held by the form (a select registered by ref can read its value before its options). */
function RowSelect({
  id,
  label,
  options,
  control,
  name,
}: {
  id: string;
  label: string;
  options: { value: string; label: string }[];
  control: RowsProps['control'];
  name: `fees.${number}.${'name' | 'kind' | 'timing'}`;
}) {
  const { field } = useController({ control, name });
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} {...field}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function FeesEditor({
  control,
  register,
  errorOf,
  idOf,
  errorId,
  fees,
  market,
  moneyHint,
}: RowsProps & { fees: FeeRow[]; market: Market; moneyHint: string }) {
  const { t } = useTranslation('admin');
  const rows = useFieldArray({ control, name: 'fees' });
  /** A fixed fee reads back in the market's money. */
  const echo = (value: string) => {
    const minor = parseMoney(value, market);
    return minor === null ? moneyHint : formatMoney(minor, market);
  };
  return (
    <RowsEditor
      id={idOf('fees')}
      error={errorOf('fees')}
      errorId={errorId}
      count={rows.fields.length}
      rowKey={(i) => rows.fields[i]!.id}
      onAdd={() => rows.append(newFee(), { shouldFocus: false })}
      onRemove={rows.remove}
      max={PRODUCT_BOUNDS.feesMax}
      labels={{
        title: t('productEditor.fees'),
        empty: t('productEditor.noFees'),
        add: t('productEditor.addFee'),
        legend: (n) => t('productEditor.feeLegend', { n }),
        remove: (n) => t('productEditor.removeFee', { n }),
      }}
      fields={(i) => {
        const fee = fees[i] ?? newFee();
        const id = idOf(`fees.${rows.fields[i]!.id}`);
        return (
          <>
            <RowSelect
              id={`${id}-name`}
              label={t('productEditor.feeName')}
              // A saved fee of a name no longer offered keeps it.
              options={(FEE_NAMES.includes(fee.name as FeeName)
                ? [...FEE_NAMES]
                : [...FEE_NAMES, fee.name]
              ).map((name) => ({
                value: name,
                label: t(`productEditor.feeNames.${name}`, { defaultValue: name }),
              }))}
              control={control}
              name={`fees.${i}.name`}
            />
            <RowSelect
              id={`${id}-kind`}
              label={t('productEditor.feeKind')}
              options={[
                { value: 'percent', label: t('productEditor.percent') },
                { value: 'fixed', label: t('productEditor.fixed') },
              ]}
              control={control}
              name={`fees.${i}.kind`}
            />
            <Field
              id={`${id}-value`}
              label={t('productEditor.feeValue')}
              inputMode="decimal"
              registration={register(`fees.${i}.value`)}
              error={errorOf(`fees.${i}.value`)}
              hint={fee.kind === 'fixed' ? echo(fee.value) : undefined}
            />
            <RowSelect
              id={`${id}-timing`}
              label={t('productEditor.feeTiming')}
              options={[
                { value: 'upfront', label: t('productEditor.upfront') },
                { value: 'added', label: t('productEditor.added') },
              ]}
              control={control}
              name={`fees.${i}.timing`}
            />
          </>
        );
      }}
    />
  );
}

function TiersEditor({ control, register, errorOf, idOf, errorId }: RowsProps) {
  const { t } = useTranslation('admin');
  const rows = useFieldArray({ control, name: 'tiers' });
  return (
    <RowsEditor
      id={idOf('tiers')}
      error={errorOf('tiers')}
      errorId={errorId}
      count={rows.fields.length}
      rowKey={(i) => rows.fields[i]!.id}
      onAdd={() => rows.append(newTier(), { shouldFocus: false })}
      onRemove={rows.remove}
      max={PRODUCT_BOUNDS.tiersMax}
      labels={{
        title: t('productEditor.tiers'),
        empty: t('productEditor.noTiers'),
        add: t('productEditor.addTier'),
        legend: (n) => t('productEditor.tierLegend', { n }),
        remove: (n) => t('productEditor.removeTier', { n }),
      }}
      fields={(i) => {
        const id = idOf(`tiers.${rows.fields[i]!.id}`);
        return (
          <>
            <Field
              id={`${id}-from`}
              label={t('productEditor.tierFrom')}
              inputMode="numeric"
              registration={register(`tiers.${i}.fromDay`)}
              error={errorOf(`tiers.${i}.fromDay`)}
            />
            <Field
              id={`${id}-rate`}
              label={t('productEditor.tierRate')}
              inputMode="decimal"
              registration={register(`tiers.${i}.percent`)}
              error={errorOf(`tiers.${i}.percent`)}
            />
          </>
        );
      }}
    />
  );
}
