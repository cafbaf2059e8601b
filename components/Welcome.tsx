/** The first-run page: what Spark Scribe reads, what it never does, and where to switch it off. */
import { t } from './locale';

export function Welcome({
  theme,
  onOpenPanel,
  onOpenOptions,
  panelKind,
}: {
  theme: 'light' | 'dark';
  onOpenPanel: (() => void) | null;
  onOpenOptions: () => void;
  panelKind: 'sidebar' | 'side panel';
}) {
  return (
    <div class="ss panel" data-theme={theme}>
      <main style="max-width:720px;margin:0 auto">
        <h1>{t('welcome.title')}</h1>
        <p>{t('welcome.intro')}</p>
        <section class="card" aria-labelledby="w-reads">
          <h2 id="w-reads">{t('welcome.reads')}</h2>
          <ul>
            <li>{t('welcome.reads.threads')}</li>
            <li>{t('welcome.reads.log')}</li>
            <li>{t('welcome.reads.profile')}</li>
          </ul>
          <p class="small">{t('welcome.hosts')}</p>
        </section>
        <section class="card" aria-labelledby="w-never">
          <h2 id="w-never">{t('welcome.never')}</h2>
          <ul>
            <li>{t('welcome.never.send')}</li>
            <li>{t('welcome.never.post')}</li>
            <li>{t('welcome.never.other')}</li>
          </ul>
        </section>
        <section class="card" aria-labelledby="w-off">
          <h2 id="w-off">{t('welcome.off')}</h2>
          <ul>
            <li>{t('welcome.off.options')}</li>
            <li>{t('welcome.off.browser')}</li>
          </ul>
          <div class="row">
            <button type="button" class="btn" data-testid="open-options" onClick={onOpenOptions}>
              {t('welcome.openOptions')}
            </button>
            {onOpenPanel && (
              <button type="button" class="btn primary" data-testid="open-sidebar" onClick={onOpenPanel}>
                {panelKind === 'sidebar' ? t('welcome.openSidebar') : t('welcome.openSidePanel')}
              </button>
            )}
          </div>
        </section>
        <section class="card" aria-labelledby="w-keys">
          <h2 id="w-keys">{t('opt.keys')}</h2>
          <p class="small">{t('opt.keys.hint')}</p>
        </section>
      </main>
    </div>
  );
}
