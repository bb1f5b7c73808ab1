// A readers' thread that throws: what extraction must report instead of hanging.
throw new Error('the reader broke')
