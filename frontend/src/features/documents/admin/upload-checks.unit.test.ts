import { DOCUMENT_MAX_BYTES } from '@app/contracts/api/documents';
import { describe, expect, it } from 'vitest';
import { convertFileProblem, documentFileProblem, sortDocumentFiles } from './upload-checks';

describe('document file checks', () => {
  it('takes the spec’s types up to 25 MB and refuses others with the contract’s messages', () => {
    expect(documentFileProblem({ name: 'plan.PDF', type: 'application/pdf', size: 10 })).toBeNull();
    expect(documentFileProblem({ name: 'a.rar', type: '', size: DOCUMENT_MAX_BYTES })).toBeNull();
    expect(documentFileProblem({ name: 'run.exe', type: '', size: 10 })).toEqual({
      title: 'Unsupported file type',
      description: expect.stringContaining('Unsupported file type: run.exe.'),
    });
    expect(documentFileProblem({ name: 'noext', type: 'text/plain', size: 10 })?.title).toBe(
      'Unsupported file type',
    );
    expect(documentFileProblem({ name: 'big.mp4', type: 'video/mp4', size: DOCUMENT_MAX_BYTES + 1 })).toEqual(
      {
        title: 'File too large',
        description: 'File too large: big.mp4 is over 25MB. Please upload documents under 25MB.',
      },
    );
  });

  it('sorts a choice of files into accepted ones and problems', () => {
    const files = [
      { name: 'a.txt', type: 'text/plain', size: 1 },
      { name: 'b.sh', type: '', size: 1 },
      { name: 'c.png', type: 'image/png', size: 1 },
    ];
    const { accepted, problems } = sortDocumentFiles(files);
    expect(accepted.map((f) => f.name)).toEqual(['a.txt', 'c.png']);
    expect(problems).toHaveLength(1);
  });

  it('converts PDF, Word, PNG and JPEG only', () => {
    for (const file of [
      { name: 'x.pdf', type: 'application/pdf' },
      { name: 'x.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
      { name: 'x.doc', type: 'application/msword' },
      { name: 'x.doc', type: 'application/octet-stream' },
      { name: 'x.jpeg', type: '' },
      { name: 'x.png', type: 'image/png' },
    ])
      expect(convertFileProblem(file), file.name).toBeNull();
    for (const file of [
      { name: 'x.gif', type: 'image/gif' },
      { name: 'x.pdf', type: 'text/plain' },
      { name: 'x.txt', type: '' },
    ])
      expect(convertFileProblem(file)).toEqual({
        title: 'Unsupported file type',
        description: 'Please upload PDF, Word document, or image files only.',
      });
  });
});
