// A readers' thread that dies at once: what extraction must survive without hanging.
process.exit(3)
