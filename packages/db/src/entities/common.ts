import { p } from '@mikro-orm/core';

/** Millisecond precision: MySQL's plain DATETIME drops it, and feeds and ledgers are ordered by time. */
export const createdAt = () => p.datetime(3).onCreate(() => new Date());
