#include "CShims.h"
int aula_shims_version(void) { return 1; }
