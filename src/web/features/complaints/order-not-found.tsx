import { Link } from 'react-router';
import { H5_PATHS } from '../../../shared/routes.ts';
import { useTranslation } from '../../lib/use-translation.tsx';
import { PageEmpty } from '../../ui/page-state.tsx';

/**
 * The complaint entry or form was opened for an order the server does not know as the borrower's (an
 * old link, or someone else's number): no retry, which would get the same answer, but the way on to a
 * complaint about their own orders.
 */
export function OrderNotFound() {
  const { t } = useTranslation('complaints');
  return (
    <PageEmpty text={t('screens.orderNotFound.text')}>
      <Link className="shell-button" to={H5_PATHS.complaint} replace>
        {t('screens.orderNotFound.action')}
      </Link>
    </PageEmpty>
  );
}
