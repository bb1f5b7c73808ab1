/**
 * Pages where HTML tokenizers part ways: the stock tokenizer's search and ours, the stock
 * tokenizer and the quick one, and where text simply ends.
 */
export const EDGE_PAGES: Record<string, string> = {
  empty: '',
  'text only': 'plain text, no tag at all',
  'text then tag': 'before <p>after</p> tail',
  'a lone <': 'a < b and c<',
  attributes: `<a href="/x?a=1&amp;b=2" title='it"s' data-x=unquoted class = "c" hidden>t</a>`,
  'value with the other quote and a >': `<img alt='a > b "c"' src="/i.png">`,
  'unterminated value at the end': '<a href="/never-closed',
  'unterminated single-quoted value': "<a href='/never-closed>text",
  script: '<script>if (a < b && c > d) x = "</scr" + "ipt>"</script><p>after</p>',
  'script in mixed case and a partial end': '<SCRIPT>a</scrip b</SCRIPT >c',
  'script never closed': '<script>let x = 1 < 2; // and more',
  style: '<style>a { background: url("/b.png") } p < q</style>',
  'title and textarea': '<title>a < b &amp; c</title><textarea>x</textarea >',
  comments: '<!-- a -- b ->< --><!----><!--->x<!-- never closed',
  cdata: '<![CDATA[ a ]] > ]]> b ]]>',
  'doctype and processing instruction': '<!DOCTYPE html><?xml version="1.0"?><!bogus>',
  'bogus comment without its end': '<!DOCTYPE html',
  'closing tags': '</p ><///x></ a></>',
  'non-ASCII text': '<p title="café ☕">naïve 日本語 😀 < 😀</p>',
  'entities in text and values': '<p data-a="&lt;&#60;&#x3c;">&amp;&copy;&notanentity;</p>',
  // Forms the quick tokenizer reads itself (test/unit/quick-tokenizer.test.ts).
  'script closed by itself': '<script src="/a.js"/>x<a href="/inside">y</a></script><p>',
  'end tags that end raw text, or not': '<style>a</stylex></style/><script>b<</script\t>c',
  'raw text of every kind':
    '<TEXTAREA><a href=/t></textarea><xmp><img src=/x></XMP><iframe><b></iframe><noembed><i></noembed><noframes><u></noframes>',
  'names that start raw text, and do not': '<scripts><a href="/s"></scripts><titles><a href="/t">',
  'comments cut short and odd ends':
    '<!--><a href="/1"><!---><a href="/2"><!-- x --!><a href="/3"><!-- --!- --><a href="/4">',
  'declarations of every kind':
    '<!><!-><!- x><![CDATA[<a href="/c">]]><![cdata[<a href="/d">]><![ x><!doc><?p <a>?>',
  'closing tags of every kind': '</ a href="/e"></1 x></a\n href="/f"></b/c>',
  'attribute forms': '<a =x  b = "1" c=d/e f g= \'h\' /i href=/j/ k/ > <br/ > <p/ x>',
  'a value cut by the end': '<a href=',
  'a name cut by the end': '<a hre',
  plaintext: '<plaintext><a href="/never"></plaintext><a href="/still-text">',
  'U+000F, which htmlparser2 takes for / in an end tag': '<script>a<\x0fscript>b</script>',
  'U+001C, which htmlparser2 takes for < in an end tag': '<title>\x1c/title></title>',
  'form feeds and carriage returns between attributes': '<a\fhref="/f"\rclass=x\f>t</a\r>',
  'a tag whose name starts with z': '<zz src="/z.png"><Z href="/Z">',
  'plain comments':
    '<!-- plain --><a href="/after"><!---x--><img src="/i.png"><!-- a --><b href="/b"><!-- c --!>',
  'comments that end in a tag': '<!--<a--!><p><!--<b--!> --><i>',
  'CDATA with a > in it, and its look-alikes':
    '<![CDATA[ x > <a href="/c"> ]]><!xCDATA[ > <a href="/x"> ]]>',
  'end tags with a tag before their >': '<script></script <a href="/skipped">></p <a href="/too">>',
  'a script tag cut by the end after a script': '<script>a</script><script src="x',
  'a comment that ends in a tag and --!>, the last comment of the page': '<!--<a--!><p>',
  'unquoted values ended by >': '<a href=/u>u</a><img src=/v.png>',
  'dashes inside comments':
    '<!-- -- <a href="/1"> --!x <a href="/2"> --y> <a href="/3"> -! --><p><!-- --!- --!><i>',
  'a comment ending in ---> before a script':
    '<!-- x ---><script src="//evil.example/a.js"></script><!-- -->',
  '</> before a script': '</><script src="//evil.example/b.js"></script>',
  '<?> before a script': '<?><script src="//evil.example/c.js"></script>',
  '<</script> ending a script before another':
    '<script></</script><script src="//evil.example/d.js"></script>',
  '<!--!> is no comment end': '<!--!><script src="//evil.example/e.js"></script>-->',
  'characters HTML does not count as space': '<a\vhref=x><a\u00a0href=y><a\0href=z><b \v=1>',
  'an unquoted value with quotes in it': `<a href=x"y c=d'e>`,
  'names that are not tags': '<@a><1b><a@ href=/at>',
  'svg and math hold no raw text': '<svg><a href=/x></svg><math><img src=/m></math>'
}
