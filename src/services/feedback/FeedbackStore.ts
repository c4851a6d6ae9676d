import path from 'node:path';
import type Database from 'better-sqlite3';
import { openWalDatabase } from '../sqlite';
import type { FeedbackResultInput } from './feedbackSchema';

export interface StoredAnswer {
  questionId: number;
  rating: number | null;
  answer: string | null;
}

export interface StoredResult {
  id: string;
  campaignId: string;
  verticalId: number;
  countryCode: string;
  browserId: number;
  userId: string;
  cookieId: string | null;
  origin: number | null;
  dateInsert: string;
  /** When the service received it (epoch ms). */
  receivedAt: number;
  answers: StoredAnswer[];
}

interface ResultRow {
  id: string;
  campaign_id: string;
  vertical_id: number;
  country_code: string;
  browser_id: number;
  user_id: string;
  cookie_id: string | null;
  origin: number | null;
  date_insert: string;
  received_at: number;
}

/** Feedback answers in SQLite (`<dataDir>/feedback.sqlite`, WAL). */
export class FeedbackStore {
  private readonly db: Database.Database;

  constructor(dataDir: string) {
    this.db = openWalDatabase(path.join(dataDir, 'feedback.sqlite'));
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS feedback_results (
        id TEXT PRIMARY KEY,
        campaign_id TEXT NOT NULL,
        vertical_id INTEGER NOT NULL,
        country_code TEXT NOT NULL,
        browser_id INTEGER NOT NULL,
        user_id TEXT NOT NULL,
        cookie_id TEXT,
        origin INTEGER,
        date_insert TEXT NOT NULL,
        received_at INTEGER NOT NULL
      );
      CREATE INDEX IF NOT EXISTS feedback_results_campaign ON feedback_results (campaign_id, received_at);
      CREATE TABLE IF NOT EXISTS feedback_answers (
        result_id TEXT NOT NULL REFERENCES feedback_results (id),
        position INTEGER NOT NULL,
        question_id INTEGER NOT NULL,
        rating INTEGER,
        answer TEXT,
        PRIMARY KEY (result_id, position)
      );
    `);
  }

  insert(id: string, input: FeedbackResultInput, receivedAt: number): StoredResult {
    const insertResult = this.db.prepare(
      `INSERT INTO feedback_results (id, campaign_id, vertical_id, country_code, browser_id, user_id, cookie_id, origin, date_insert, received_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const insertAnswer = this.db.prepare(
      'INSERT INTO feedback_answers (result_id, position, question_id, rating, answer) VALUES (?, ?, ?, ?, ?)',
    );
    this.db.transaction(() => {
      insertResult.run(
        id,
        input.campaignId,
        input.verticalId,
        input.countryCode,
        input.browserId,
        input.userId,
        input.cookieId ?? null,
        input.origin ?? null,
        input.dateInsert,
        receivedAt,
      );
      input.answers.forEach((a, i) => {
        insertAnswer.run(id, i, a.questionId, a.rating ?? null, a.answer ? a.answer : null);
      });
    })();
    return this.get(id) as StoredResult;
  }

  get(id: string): StoredResult | undefined {
    const row = this.db.prepare('SELECT * FROM feedback_results WHERE id = ?').get(id) as ResultRow | undefined;
    return row ? this.withAnswers(row) : undefined;
  }

  /** The latest results first. */
  list(limit = 100): StoredResult[] {
    const rows = this.db
      .prepare('SELECT * FROM feedback_results ORDER BY received_at DESC, rowid DESC LIMIT ?')
      .all(limit) as ResultRow[];
    return rows.map((row) => this.withAnswers(row));
  }

  count(): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM feedback_results').get() as { n: number }).n;
  }

  close(): void {
    this.db.close();
  }

  private withAnswers(row: ResultRow): StoredResult {
    const answers = this.db
      .prepare('SELECT question_id, rating, answer FROM feedback_answers WHERE result_id = ? ORDER BY position')
      .all(row.id) as Array<{ question_id: number; rating: number | null; answer: string | null }>;
    return {
      id: row.id,
      campaignId: row.campaign_id,
      verticalId: row.vertical_id,
      countryCode: row.country_code,
      browserId: row.browser_id,
      userId: row.user_id,
      cookieId: row.cookie_id,
      origin: row.origin,
      dateInsert: row.date_insert,
      receivedAt: row.received_at,
      answers: answers.map((a) => ({ questionId: a.question_id, rating: a.rating, answer: a.answer })),
    };
  }
}
