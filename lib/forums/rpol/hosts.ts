/** The RPOL hosts Spark Scribe runs on (match patterns; http and https). */
export const RPOL_MATCHES = ['*://rpol.net/*', '*://www.rpol.net/*', '*://new.rpol.net/*', '*://m.rpol.net/*'];

/** The pages the content script runs on: threads, the Die Roller, character pages. */
export const RPOL_PAGE_PATHS = ['/display.cgi*', '/usermodules/diceroller.cgi*', '/usermodules/profile.cgi*', '/gameinfo.php*', '/gameinfo.cgi*'];

export const RPOL_CONTENT_MATCHES = RPOL_MATCHES.flatMap((host) => RPOL_PAGE_PATHS.map((path) => host.replace(/\/\*$/, path)));
