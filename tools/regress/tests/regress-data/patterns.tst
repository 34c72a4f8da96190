# Java forms in expectations (GoGui compiles them with java.util.regex);
# every test here passes.

1 multi a b
#? [a\nb]

2 multi x/y ok
#? [[^/\n]+/[^/\n]+\n[a-z]+]

3 echo 42.7
#? [\d+\.\d]

4 echo a b!
#? [\w\s\w\W]

5 echo ab
#? [\D\S]

6 echo a.b*
#? [\Qa.b*\E]

7 echo axb
#? [!\Qa.b\E]

8 echo [bool] x
#? [\[bool\] x]

9 echo a-b
#? [a[\-]b]

10 echo a]b
#? [a[\]]b]

11 echo a^b
#? [a[\^]b]

12 echo a/b
#? [a\/b]

13 echo ab
#? [(?:a)(b)]

14 echo 1.12.3
#? [[0-9]+\.[0-9]+\.[0-9]+]

15 echo a-
#? [a[x-]]

16 echo ]-
#? [[-x\]]+]

17 echo a\b
#? [a\\b]

18 echo x7
#? [[[:alpha:]][[:digit:]]]
