import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkedAnswer, passedOutputCheck } from '../../src/dispatch/output-check.js';

const tool = { name: 'get_thing', outputSchema: z.object({ id: z.string(), amount: z.string() }) };
const answer = (structuredContent: unknown) => ({ content: [{ type: 'text' as const, text: 'x' }], structuredContent }) as never;

describe('the one check of a structured answer', () => {
  it('lets an answer that fits its schema through unchanged', () => {
    const fitting = answer({ id: 'a', amount: '1.00' });
    expect(checkedAnswer(tool, fitting)).toBe(fitting);
  });

  it('turns an answer that does not fit into an error naming the field, as a defect of the server', () => {
    const result = checkedAnswer(tool, answer({ id: 'a', amount: 1 })) as { isError?: boolean; content: Array<{ text: string }> };
    expect(result.isError).toBe(true);
    expect(result.content[0]!.text).toMatch(/get_thing .*amount: .*defect of the server/);
  });

  it('does not check an answer twice, nor errors', () => {
    const marked = passedOutputCheck(answer({ wrong: true }));
    expect(checkedAnswer(tool, marked)).toBe(marked);
    const error = { isError: true, content: [{ type: 'text' as const, text: 'no' }] };
    expect(checkedAnswer(tool, error)).toBe(error);
  });
});
