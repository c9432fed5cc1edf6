# Ensure that lsm_list_modules(2) returns LSM_ID_SIGIL.
exec ./lsm-list-modules-returns-sigil
