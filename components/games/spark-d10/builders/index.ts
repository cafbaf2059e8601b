/** The Spark d10's reply builders, listed once, in the order the Reply tab offers them. */
import type { Form, Known, ReplyBuilder } from './builder';
import { DAMAGE, RECOVERY, SPEED, TOUGHNESS } from './combat';
import { AFTER_TOUGHNESS, SHEET, SUMMARY } from './posted';
import { AD_HOC, CHANNEL, DRAW } from './rolls';

export const BUILDERS: readonly ReplyBuilder[] = [DRAW, CHANNEL, SPEED, DAMAGE, TOUGHNESS, AD_HOC, RECOVERY, SUMMARY, AFTER_TOUGHNESS, SHEET];

/** The builders' kinds: what a draft's stored choice may name. */
export const KINDS: readonly string[] = BUILDERS.map((b) => b.kind);

/** A builder by its kind (the first for a kind no builder has). */
export const builderOf = (kind: string): ReplyBuilder => BUILDERS.find((b) => b.kind === kind) ?? BUILDERS[0]!;

/** A builder's defaults from the bound sheet and the duel. */
export const defaultsFor = (kind: string, known: Known): Form => builderOf(kind).defaults(known);

export type { BuildContext, Built, FieldsProps, Form, Known, ReplyBuilder } from './builder';
