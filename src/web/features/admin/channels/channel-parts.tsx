import { useQueryClient } from '@tanstack/react-query';
import { landingPath } from '../../../../shared/contract/channels-admin.ts';
import type { AdminTemplate } from '../../../../shared/contract/channels-admin-schema.ts';
import { useApiMutation } from '../../../lib/api-mutation.ts';
import { toast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.tsx';
import { confirmDialog } from '../../../ui/overlays.tsx';
import { useStaffSession } from '../admin-api.ts';
import { ConfirmSwitch } from '../admin-ui.tsx';
import { channelKeys, setTemplateEnabled } from './channels-api.ts';

/** Pieces the list and the template's page share: the page's public link and its live switch. */

/**
 * The landing's link as partners and ads carry it, to open or to copy. Copying writes the whole address
 * (a partner pastes it elsewhere); the clipboard can be refused (an old browser, no permission), and then
 * the operator is told to copy the link by hand.
 */
export function PublicLink({ template }: { template: AdminTemplate }) {
  const { t } = useTranslation('channelsAdmin');
  const path = landingPath(template.id);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(`${window.location.origin}${path}`);
      toast.show(t('list.copied'));
    } catch {
      toast.show(t('list.copyFailed'));
    }
  };
  return (
    <span className="channels-link">
      <a href={path} target="_blank" rel="noopener noreferrer">
        <code>{path}</code>
        <span className="visually-hidden"> {t('list.newTab')}</span>
      </a>
      <button
        type="button"
        className="admin-button channels-copy"
        aria-label={t('list.copyNamed', { name: template.name })}
        onClick={() => void copy()}
      >
        {t('list.copy')}
      </button>
    </span>
  );
}

/**
 * Puts a template's page live or takes it offline, after a confirmation that says what visitors will
 * see. A refusal is toasted by the request helper in the server's words and the switch stays as it was.
 */
export function LiveSwitch({
  template,
  canChange,
  onChanged,
}: {
  template: AdminTemplate;
  canChange: boolean;
  onChanged?: (saved: AdminTemplate) => void;
}) {
  const { t } = useTranslation('channelsAdmin');
  const session = useStaffSession();
  const queryClient = useQueryClient();
  const toggle = useApiMutation({
    call: (enabled: boolean) => setTemplateEnabled(template.id, enabled, session.csrfToken),
    invalidates: [[...channelKeys.all, 'list']],
    onSuccess: (saved: AdminTemplate, enabled) => {
      toast.show(t(enabled ? 'list.nowLive' : 'list.nowOff'));
      queryClient.setQueryData(channelKeys.one(template.id), saved);
      onChanged?.(saved);
    },
  });

  const change = async (enabled: boolean) => {
    const sure = await confirmDialog({
      content: t(enabled ? 'list.enableConfirm' : 'list.disableConfirm', { name: template.name }),
      confirmText: t(enabled ? 'list.enable' : 'list.disable'),
      cancelText: t('list.cancel'),
    });
    if (!sure) return;
    toggle.mutate(enabled);
  };

  return (
    <ConfirmSwitch
      checked={template.enabled}
      disabled={toggle.isPending || !canChange}
      label={t('list.liveNamed', { name: template.name })}
      onAsk={(wish) => void change(wish)}
    >
      {t('list.live')}
    </ConfirmSwitch>
  );
}
