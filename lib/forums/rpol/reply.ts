/** The reply form on a thread page (forum-formats §3.2). */

export interface ReplyForm {
  form: Element | null;
  textarea: HTMLTextAreaElement | null;
  subject: HTMLInputElement | null;
  characterSelect: HTMLSelectElement | null;
  characters: { id: string; name: string; selected: boolean }[];
  /** The GM's one-off identity field. */
  oneOff: HTMLInputElement | null;
}

export const MAX_POST_LENGTH = 51_200;
export const MAX_SUBJECT_LENGTH = 60;

export function readReplyForm(doc: Document): ReplyForm {
  const textarea = doc.querySelector<HTMLTextAreaElement>('textarea#messagetext');
  const form = textarea?.closest('form') ?? doc.querySelector('form#addpost');
  const select = (form ?? doc).querySelector<HTMLSelectElement>('select[name="ci"]');
  const characters = select
    ? Array.from(select.querySelectorAll('option'))
        .filter((o) => o.value)
        .map((o) => ({ id: o.value, name: (o.textContent ?? '').trim(), selected: o.selected || o.hasAttribute('selected') }))
    : [];
  return {
    form,
    textarea,
    subject: (form ?? doc).querySelector<HTMLInputElement>('input[name="subject"]'),
    characterSelect: select,
    characters,
    oneOff: (form ?? doc).querySelector<HTMLInputElement>('input[name="manualplayername"]'),
  };
}
