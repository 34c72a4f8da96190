# Like Benzene's suites, which end with a quit of their own.
10 name
#? [.*]

quit
