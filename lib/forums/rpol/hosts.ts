/** The RPOL hosts Spark Scribe runs on (match patterns; http and https). */
export const RPOL_MATCHES = ['*://rpol.net/*', '*://www.rpol.net/*', '*://new.rpol.net/*', '*://m.rpol.net/*'];
