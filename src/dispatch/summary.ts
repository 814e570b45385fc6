/**
 * Summaries: tools that answer a finance question from several reads (a project's budget by
 * unit, what is still to be paid) and do the arithmetic on the server, exactly. They read
 * through the declared operations, so requests, credentials and error texts stay the API tools'.
 */
import type { z } from 'zod';
import { hints, type Operation, type Product, type Reader, type ToolHints } from './operation.js';
import { strictObject } from './strict-object.js';

type Args = Readonly<Record<string, unknown>>;

export interface SummaryAnswer {
  text: string;
  structured: Record<string, unknown>;
}

export interface SummaryDeclaration {
  name: string;
  title: string;
  description: string;
  product: Product;
  toolset: string;
  args: z.ZodRawShape;
  /** A rule across arguments (say, exactly one of two), checked before anything is read. */
  check?: (args: Args) => { field: string; fix: string } | undefined;
  /** The structured content's schema. */
  output: z.ZodObject;
  summarise(args: Args, read: Reader): Promise<SummaryAnswer>;
}

export interface Summary extends Omit<SummaryDeclaration, 'args' | 'check' | 'output'> {
  hints: ToolHints;
  inputSchema: z.ZodObject;
  outputSchema: z.ZodObject;
}

/** Any tool of the catalog: one API operation, or a summary over several. */
export type Tool = Operation | Summary;

export function isSummary(tool: Tool): tool is Summary {
  return 'summarise' in tool;
}

/** The question cannot be answered as asked (a name that matches several projects); the message says what to do. */
export class Unanswerable extends Error {
  override name = 'Unanswerable';
}

export function defineSummary({ args, check, output, ...declaration }: SummaryDeclaration): Summary {
  const inputSchema = strictObject(args).superRefine((given, context) => {
    const broken = check?.(given);
    if (broken) context.addIssue({ code: 'custom', path: [broken.field], message: broken.fix });
  });
  return { ...declaration, hints: hints.read, inputSchema, outputSchema: output };
}
