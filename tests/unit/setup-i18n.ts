// The catalogues, as every extension page registers them (the content script gets its one from the background).
import '../../lib/i18n/all';
