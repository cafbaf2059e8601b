import '../../lib/i18n/all';
import { render } from 'preact';
import { t } from '../../components/locale';
import { PANEL_STYLES, STYLES } from '../../components/page-styles';
import { OptionsApp } from '../../components/OptionsApp';
import { lastSyncNote, readBackup, readSettings, readSheetsDropped, writeBackup, writeSettings } from '../shared/storage';
import { applyLocale } from '../shared/locale';
import { boardActions } from './boards';
import { provideTurnsPrefs } from '../../components/turns/source';
import { browserTurnsPrefs } from '../shared/storage/follow-source';

const style = document.createElement('style');
style.textContent = STYLES + PANEL_STYLES;
document.head.appendChild(style);
provideTurnsPrefs(browserTurnsPrefs);

render(
  <OptionsApp
    load={readSettings}
    save={async (s) => {
      await writeSettings(s);
      if (lastSyncNote.error) return t('opt.sync.failed', { reason: lastSyncNote.error });
      return lastSyncNote.localOnly.includes('rules') ? t('opt.sync.rulesLocal') : null;
    }}
    onLanguage={(pref) => {
      applyLocale(pref, true);
      document.title = t('opt.title');
    }}
    boards={boardActions()}
    io={{
      backup: readBackup,
      restore: writeBackup,
      sheets: readSheetsDropped,
      download(name, text) {
        const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
        const a = document.createElement('a');
        a.href = url;
        a.download = name;
        a.click();
        setTimeout(() => URL.revokeObjectURL(url), 1000);
      },
    }}
  />,
  document.getElementById('app')!,
);
