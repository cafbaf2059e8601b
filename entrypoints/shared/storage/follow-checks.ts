/** The background's checks of followed threads (issue 41, item 3): how each went, kept for the next and shown in the Turns view. */
import { ChecksSchema, type Checks, emptyChecks } from '../../../lib/turns/checks';
import { storedItem } from './item';

export const checksItem = storedItem<Checks>('turnsChecks', ChecksSchema, emptyChecks);
