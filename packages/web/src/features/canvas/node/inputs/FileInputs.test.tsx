import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderField } from '../test/renderField'

const file = (name: string, text: string, type = 'text/plain') => new File([text], name, { type })

describe('file and folder inputs', () => {
  afterEach(cleanup)

  it('file: the chosen file is stored as a data URL carrying its name, and the name is shown', async () => {
    const { onChange } = renderField({ label: 'Text File', name: 'txtFile', type: 'file', fileType: '.txt,.md' })
    const picker = screen.getByLabelText('Text File')
    expect(picker.getAttribute('accept')).toBe('.txt,.md')
    fireEvent.change(picker, { target: { files: [file('notes.txt', 'hi')] } })
    await vi.waitFor(() => expect(onChange).toHaveBeenCalledWith('data:text/plain;base64,aGk=,filename:notes.txt'))
    expect(screen.getByText('notes.txt')).toBeTruthy()
  })

  it('folder: every file of the folder is stored, and their count is shown', async () => {
    const { onChange } = renderField({ label: 'Folder Path', name: 'folderPath', type: 'folder' })
    const picker = screen.getByLabelText('Folder Path')
    expect(picker.hasAttribute('webkitdirectory')).toBe(true)
    fireEvent.change(picker, { target: { files: [file('a.md', 'a'), file('b.md', 'b')] } })
    await vi.waitFor(() => expect(onChange).toHaveBeenCalled())
    expect(JSON.parse(onChange.mock.calls[0]![0] as string)).toEqual([
      'data:text/plain;base64,YQ==,filename:a.md',
      'data:text/plain;base64,Yg==,filename:b.md',
    ])
    expect(screen.getByText('2 files')).toBeTruthy()
  })
})
